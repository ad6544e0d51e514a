// Applies the account's preferences on this browser (account-preferences.ts decides what): once per
// session token and page load, right after sign-in and when the console loads with a token. Loaded on
// demand by the portal, so the contract's schemas stay out of its first chunk.
import type { QueryClient } from '@tanstack/react-query'
import i18n from 'i18next'
import { meQueryOptions } from '../api/get-me.ts'
import { savePreferences } from '../api/update-me.ts'
import { DEFAULT_LANGUAGE, isLanguage, persistLanguage, readChosenLanguage } from '../i18n/language.ts'
import { browserTimeZone, planRestore, type RestoreMoment } from './account-preferences.ts'
import { getToken, markTourSeen } from './token.ts'

let restoredFor: string | undefined

const safeChosenLanguage = () => {
  try {
    return readChosenLanguage()
  } catch {
    return null
  }
}

export async function restorePreferences(queryClient: QueryClient, moment: RestoreMoment): Promise<void> {
  const token = getToken()
  if (!token || restoredFor === token) return
  restoredFor = token
  try {
    const me = await queryClient.fetchQuery(meQueryOptions())
    const plan = planRestore(
      me,
      {
        language: isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE,
        chosenLanguage: safeChosenLanguage(),
        timeZone: browserTimeZone(),
      },
      moment,
    )
    if (plan.language) {
      persistLanguage(plan.language)
      await i18n.changeLanguage(plan.language)
    }
    if (plan.hideTour) markTourSeen()
    if (plan.save) await savePreferences(queryClient, plan.save)
  } catch {
    // Offline or signed out meanwhile: the next sign-in or console load tries again.
    restoredFor = undefined
  }
}
