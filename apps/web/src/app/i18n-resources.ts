// Every namespace in both languages, for the translation tests and the key types; zh-CN is the reference shape
// that en-US must match. The running console loads zh-CN at once and en-US on demand (app/i18n.ts).
import { enUS } from './i18n-en-us.ts'
import { NAMESPACES, zhCN } from './i18n-zh-cn.ts'

export const resources = { 'zh-CN': zhCN, 'en-US': enUS }
export { NAMESPACES }
