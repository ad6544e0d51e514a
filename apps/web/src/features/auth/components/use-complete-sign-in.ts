// After login or registration: keep the token in the cookie, then follow ?redirect= when it is safe.
import type { SessionToken } from '@proxy/contract/auth/endpoints'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate, useSearchParams } from 'react-router'
import { afterSignInPath, REDIRECT_PARAM } from '../../../shared/session/redirect.ts'
import { storeToken } from '../../../shared/session/token.ts'

export const useCompleteSignIn = () => {
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const queryClient = useQueryClient()
  const target = afterSignInPath(searchParams.get(REDIRECT_PARAM))

  const complete = ({ token, expiresAt }: SessionToken) => {
    queryClient.clear()
    storeToken(token, expiresAt)
    void navigate(target, { replace: true })
  }

  return { complete, target }
}
