// Typed translation keys: a misspelt key is a compile error.
import type { resources } from './i18n-resources.ts'

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common'
    resources: (typeof resources)['zh-CN']
  }
}
