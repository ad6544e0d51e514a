// i18next set-up: the stored preference picks the language; changes are persisted and mirrored on <html lang>.
import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import { DEFAULT_LANGUAGE, LANGUAGE_KEY, readLanguage } from '../shared/i18n/language.ts'
import { NAMESPACES, resources } from './i18n-resources.ts'
import './i18n-types.ts'

const safeReadLanguage = () => {
  try {
    return readLanguage()
  } catch {
    return DEFAULT_LANGUAGE
  }
}

void i18n.use(initReactI18next).init({
  resources,
  lng: safeReadLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  ns: NAMESPACES,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
})

document.documentElement.lang = i18n.language

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language
  try {
    window.localStorage.setItem(LANGUAGE_KEY, language)
  } catch {
    // storage can be unavailable (private mode); the choice then lasts for this page only
  }
})

export { i18n }
