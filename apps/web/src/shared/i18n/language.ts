// The stored language preference (SPEC §3): localStorage `language`, zh-CN by default.

export const LANGUAGE_KEY = 'language'
export const LANGUAGES = ['zh-CN', 'en-US'] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'zh-CN'

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language)

/** The language this browser has stored, or null when none was chosen here (the default applies). */
export const readChosenLanguage = (
  storage: Pick<Storage, 'getItem'> = window.localStorage,
): Language | null => {
  const stored = storage.getItem(LANGUAGE_KEY)
  return isLanguage(stored) ? stored : null
}

export const readLanguage = (storage: Pick<Storage, 'getItem'> = window.localStorage): Language =>
  readChosenLanguage(storage) ?? DEFAULT_LANGUAGE
