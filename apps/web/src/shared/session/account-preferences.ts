// What a browser does with the preferences kept on the account (GET /user/me) when a session starts
// or the console loads with one. Right after sign-in the account's language wins; on a later load it
// wins unless this browser chose a language itself, which every switch while signed in also saved,
// so a differing choice here is newer and is saved instead. A missing language and a changed time
// zone are saved; the first-visit tour stays away once the account has seen it.
import type { Language } from '../i18n/language.ts'

export type AccountPreferences = { language: Language | null; timeZone: string | null; tourSeen: boolean }

export type PreferencesPatch = { language?: Language; timeZone?: string; tourSeen?: true }

export type RestoreMoment = 'sign-in' | 'console-load'

export type BrowserPreferences = {
  /** The language shown now. */
  language: Language
  /** The language stored in this browser (`language` in localStorage), or null when none is. */
  chosenLanguage: Language | null
  timeZone: string | undefined
}

export type RestorePlan = {
  /** The language to switch to and store, or null to keep the one shown. */
  language: Language | null
  /** The account has seen the tour: set the first-visit flag here too. */
  hideTour: boolean
  /** What to save on the account, or null when it already agrees. */
  save: PreferencesPatch | null
}

export const planRestore = (
  account: AccountPreferences,
  browser: BrowserPreferences,
  moment: RestoreMoment,
): RestorePlan => {
  const save: PreferencesPatch = {}
  let language: Language | null = null
  if (account.language === null) save.language = browser.chosenLanguage ?? browser.language
  else if (moment === 'sign-in' || browser.chosenLanguage === null) language = account.language
  else if (browser.chosenLanguage !== account.language) save.language = browser.chosenLanguage
  if (browser.timeZone && browser.timeZone !== account.timeZone) save.timeZone = browser.timeZone
  return { language, hideTour: account.tourSeen, save: Object.keys(save).length > 0 ? save : null }
}

/** The browser's IANA time zone, when it tells. */
export const browserTimeZone = (): string | undefined => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined
  } catch {
    return undefined
  }
}
