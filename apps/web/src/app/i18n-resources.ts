// Every namespace in both languages, for the translation tests and the key types; zh-CN is the reference shape
// that en-US must match. The running console loads zh-CN at once and en-US on demand (app/i18n.ts).
import { enUS } from './i18n-en-us.ts'
import { zhCN } from './i18n-zh-cn.ts'
import { zhPages } from './i18n-zh-cn-pages.ts'

export const resources = { 'zh-CN': { ...zhCN, ...zhPages }, 'en-US': enUS }
export const NAMESPACES = Object.keys(resources['zh-CN']) as (keyof typeof zhCN | keyof typeof zhPages)[]
