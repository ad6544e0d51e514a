// i18next set-up: the stored preference picks the language; changes are mirrored on <html lang>.
// zh-CN (the default and the fallback) is bundled but for the pages' own namespaces; en-US's texts and antd locale load on demand, through a backend
// that i18next awaits in changeLanguage, so a switch renders only once the texts are there.
import type { Locale } from 'antd/es/locale'
import antdZhCN from 'antd/locale/zh_CN'
import i18n, { type BackendModule } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { DEFAULT_LANGUAGE, type Language, readLanguage } from '../shared/i18n/language.ts'
import { NAMESPACES, type Namespaces, zhCN } from './i18n-zh-cn.ts'
import './i18n-types.ts'

const safeReadLanguage = () => {
  try {
    return readLanguage()
  } catch {
    return DEFAULT_LANGUAGE
  }
}

type Bundle = { texts: Namespaces; antd: Locale }

const antdLocales = new Map<string, Locale>([['zh-CN', antdZhCN]])
const loaders: Record<Language, () => Promise<Bundle>> = {
  'zh-CN': () =>
    import('./i18n-zh-cn-pages.ts').then(({ zhPages }) => ({
      texts: { ...zhCN, ...zhPages },
      antd: antdZhCN,
    })),
  'en-US': () =>
    import('./i18n-en-us.ts').then(({ enUS, antdLocale }) => ({ texts: enUS, antd: antdLocale })),
}
const loading = new Map<string, Promise<Bundle>>()

/** One language's texts and antd locale, loaded once. */
export const loadLanguage = (language: string): Promise<Bundle> => {
  const load = loaders[language as Language] ?? loaders[DEFAULT_LANGUAGE]
  let pending = loading.get(language)
  if (pending === undefined) {
    pending = load().then((bundle) => {
      antdLocales.set(language, bundle.antd)
      return bundle
    })
    pending.catch(() => loading.delete(language))
    loading.set(language, pending)
  }
  return pending
}

/** antd's locale for a language once it is loaded; zh-CN's until then. */
export const antdLocale = (language: string): Locale => antdLocales.get(language) ?? antdZhCN

const lazyTexts: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    loadLanguage(language).then(
      ({ texts }) => callback(null, texts[namespace as keyof Namespaces] ?? {}),
      (error: unknown) => callback(error as Error, false),
    )
  },
}

void i18n
  .use(lazyTexts)
  .use(initReactI18next)
  .init({
    resources: { 'zh-CN': zhCN },
    partialBundledLanguages: true,
    lng: safeReadLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    ns: NAMESPACES,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  })

document.documentElement.lang = i18n.language

// Mirrored on <html lang>; stored only where the visitor chooses (persistLanguage).
i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language
})

export { i18n }
