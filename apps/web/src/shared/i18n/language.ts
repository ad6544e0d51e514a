// The stored language preference (SPEC §3): localStorage `language`, zh-CN by default.

export const LANGUAGE_KEY = 'language'
export const LANGUAGES = ['zh-CN', 'en-US'] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'zh-CN'

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language)

export const readLanguage = (storage: Pick<Storage, 'getItem'> = window.localStorage): Language => {
  const stored = storage.getItem(LANGUAGE_KEY)
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE
}
