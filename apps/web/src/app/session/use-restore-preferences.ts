// When the console loads with a token: bring the account's preferences onto this browser (once per page load
// and session; sign-in has usually done it already).
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { restorePreferences } from '../../shared/session/restore-preferences.ts'

export const useRestorePreferences = (): void => {
  const queryClient = useQueryClient()
  useEffect(() => {
    void restorePreferences(queryClient, 'console-load')
  }, [queryClient])
}
