// After login or registration: keep the token in the cookie, bring the account's preferences (language,
// tour) onto this browser, then follow ?redirect= when it is safe.
import type { SessionToken } from '@proxy/contract/auth/endpoints'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { afterSignInPath, REDIRECT_PARAM } from '../../../shared/session/redirect.ts'
import { storeToken } from '../../../shared/session/token.ts'

// The console must not wait long on a slow answer: it restores again when it loads.
const RESTORE_WAIT_MS = 3000

export const useCompleteSignIn = () => {
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const queryClient = useQueryClient()
  const [isCompleting, setIsCompleting] = useState(false)
  const target = afterSignInPath(searchParams.get(REDIRECT_PARAM))

  const complete = async ({ token, expiresAt }: SessionToken) => {
    setIsCompleting(true)
    queryClient.clear()
    storeToken(token, expiresAt)
    // Loaded on demand: the contract's schemas stay out of the portal's first chunk.
    const restored = import('../../../shared/session/restore-preferences.ts').then(({ restorePreferences }) =>
      restorePreferences(queryClient, 'sign-in'),
    )
    await Promise.race([
      restored.catch(() => undefined),
      new Promise((done) => setTimeout(done, RESTORE_WAIT_MS)),
    ])
    setIsCompleting(false)
    void navigate(target, { replace: true })
  }

  return { complete, isCompleting, target }
}
