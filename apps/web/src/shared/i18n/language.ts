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

/**
 * Stores a language the visitor chose (or their account holds). Only choices are stored, never a
 * language i18n merely loaded: a load that finished after a logout wiped the storage would write
 * it back.
 */
export const persistLanguage = (language: Language): void => {
  try {
    window.localStorage.setItem(LANGUAGE_KEY, language)
  } catch {
    // storage can be unavailable (private mode); the choice then lasts for this page only
  }
}
