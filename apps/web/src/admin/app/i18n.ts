// The console's own i18next instance (the customer app's global one is never touched): zh-CN and en-US,
// the choice kept in localStorage `admin_language`, the API's error catalogue shared with the customer app.
import { createInstance } from 'i18next'
import { initReactI18next, useTranslation } from 'react-i18next'
import enErrors from '../../locales/en-US/errors.json'
import zhErrors from '../../locales/zh-CN/errors.json'
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../shared/i18n/language.ts'
import enCore from '../locales/en-US.json'
import zhCore from '../locales/zh-CN.json'
import en_catalogue from '../pages/catalogue/locales/en-US.json'
import zh_catalogue from '../pages/catalogue/locales/zh-CN.json'
import en_dashboard from '../pages/dashboard/locales/en-US.json'
import zh_dashboard from '../pages/dashboard/locales/zh-CN.json'
import en_inventory from '../pages/inventory/locales/en-US.json'
import zh_inventory from '../pages/inventory/locales/zh-CN.json'
import en_nodes from '../pages/nodes/locales/en-US.json'
import zh_nodes from '../pages/nodes/locales/zh-CN.json'
import en_notices from '../pages/notices/locales/en-US.json'
import zh_notices from '../pages/notices/locales/zh-CN.json'
import en_operators from '../pages/operators/locales/en-US.json'
import zh_operators from '../pages/operators/locales/zh-CN.json'
import en_orders from '../pages/orders/locales/en-US.json'
import zh_orders from '../pages/orders/locales/zh-CN.json'
import en_receipts from '../pages/receipts/locales/en-US.json'
import zh_receipts from '../pages/receipts/locales/zh-CN.json'
import en_settings from '../pages/settings/locales/en-US.json'
import zh_settings from '../pages/settings/locales/zh-CN.json'
import en_topups from '../pages/topups/locales/en-US.json'
import zh_topups from '../pages/topups/locales/zh-CN.json'

export const ADMIN_LANGUAGE_KEY = 'admin_language'

// Each page folder keeps its own texts, under its name (`nodes.title`); the core file holds the rest.
const zhAdmin = {
  ...zhCore,
  nodes: zh_nodes,
  inventory: zh_inventory,
  orders: zh_orders,
  topups: zh_topups,
  catalogue: zh_catalogue,
  dashboard: zh_dashboard,
  notices: zh_notices,
  operators: zh_operators,
  receipts: zh_receipts,
  settings: zh_settings,
}
const enAdmin: typeof zhAdmin = {
  ...enCore,
  nodes: en_nodes,
  inventory: en_inventory,
  orders: en_orders,
  topups: en_topups,
  catalogue: en_catalogue,
  dashboard: en_dashboard,
  notices: en_notices,
  operators: en_operators,
  receipts: en_receipts,
  settings: en_settings,
}

const enResources: { admin: typeof zhAdmin; errors: typeof zhErrors } = { admin: enAdmin, errors: enErrors }
export const adminResources = { 'zh-CN': { admin: zhAdmin, errors: zhErrors }, 'en-US': enResources }

export const readAdminLanguage = (): Language => {
  try {
    const stored = window.localStorage.getItem(ADMIN_LANGUAGE_KEY)
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE
  } catch {
    return DEFAULT_LANGUAGE
  }
}

export const adminI18n = createInstance()

void adminI18n.use(initReactI18next).init({
  resources: adminResources,
  lng: readAdminLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  ns: ['admin', 'errors'],
  defaultNS: 'admin',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  showSupportNotice: false,
})

adminI18n.on('languageChanged', (language) => {
  document.documentElement.lang = language
  try {
    window.localStorage.setItem(ADMIN_LANGUAGE_KEY, language)
  } catch {
    // storage can be unavailable (private mode); the choice then lasts for this page only
  }
})

// Dotted paths of the console's texts, so a misspelt key fails the type check as in the customer app
// (whose key types, declared for the global instance, do not describe this one).
type Paths<T> = {
  [K in keyof T & string]: T[K] extends Record<string, unknown> ? `${K}.${Paths<T[K]>}` : K
}[keyof T & string]
export type AdminKey = Paths<typeof zhAdmin>
export type AdminT = (key: AdminKey, values?: Record<string, unknown>) => string

type LooseT = (key: string, options?: Record<string, unknown>) => string

/** The console's translate function, bound to its own instance. */
export const useAdminT = (): { t: AdminT; language: Language } => {
  const { t, i18n } = useTranslation(undefined, { i18n: adminI18n })
  const loose = t as unknown as LooseT
  return {
    t: (key, values) => loose(key, values),
    language: isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE,
  }
}

/** An error catalogue text by name, or undefined when it is not translated. */
export const translateError = (name: string): string | undefined => {
  const loose = adminI18n.t as unknown as LooseT
  const key = `errors:${name}`
  return adminI18n.exists(key) ? loose(key) : undefined
}

export const adminText = (key: AdminKey, values?: Record<string, unknown>): string =>
  (adminI18n.t as unknown as LooseT)(key, values)
