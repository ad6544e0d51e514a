// Right after a sign-in: bring the account's preferences onto this browser, but never keep the customer waiting
// on a slow answer for more than a few seconds (the console restores again when it loads).
import type { QueryClient } from '@tanstack/react-query'
import { restorePreferences } from '../../shared/session/restore-preferences.ts'

export const RESTORE_WAIT_MS = 3000

export const restoreAfterSignIn = async (queryClient: QueryClient): Promise<void> => {
  queryClient.clear()
  await Promise.race([
    restorePreferences(queryClient, 'sign-in').catch(() => undefined),
    new Promise((done) => setTimeout(done, RESTORE_WAIT_MS)),
  ])
}
