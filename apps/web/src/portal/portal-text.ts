// The portal's words without i18next: the same locale files as the console (portal, common, errors), looked up by
// `namespace:path` (portal by default) with `{{name}}` interpolation — all the portal's texts need.
import enCommon from '../locales/en-US/common.json'
import enErrors from '../locales/en-US/errors.json'
import enPortal from '../locales/en-US/portal.json'
import zhCommon from '../locales/zh-CN/common.json'
import zhErrors from '../locales/zh-CN/errors.json'
import zhPortal from '../locales/zh-CN/portal.json'
import type { Language } from '../shared/i18n/language.ts'

type Tree = { readonly [key: string]: string | Tree }

const TEXTS: Record<Language, Record<string, Tree>> = {
  'zh-CN': { portal: zhPortal, common: zhCommon, errors: zhErrors },
  'en-US': { portal: enPortal, common: enCommon, errors: enErrors },
}

export type Translate = (key: string, values?: Record<string, string | number>) => string

const lookup = (tree: Tree | undefined, path: string): string | undefined => {
  let node: string | Tree | undefined = tree
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined
  return typeof node === 'string' ? node : undefined
}

/** `t('card.title')`, `t('common:product.name')`; a missing key reads as itself, as i18next does. */
export const translator =
  (language: Language): Translate =>
  (key, values = {}) => {
    const [namespace, path] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['portal', key]
    const text = lookup(TEXTS[language][namespace], path) ?? key
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''))
  }

/** True when the key has a text in this language (the errors catalogue falls back to the server's words). */
export const hasText = (language: Language, key: string): boolean => {
  const [namespace, path] = key.split(':', 2) as [string, string]
  return lookup(TEXTS[language][namespace], path) !== undefined
}
