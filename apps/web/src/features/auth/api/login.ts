// POST /auth/login: email and password for a session token with its expiry, or, on an account with
// two-factor sign-in, a challenge for the code step. Silent: the form shows the refusal itself.
import type { Credentials, SessionToken, TwoFactorChallenge } from '@proxy/contract/auth/endpoints'
import { AUTH_PATHS } from '@proxy/contract/wire'
import { useMutation } from '@tanstack/react-query'
import { http } from '../../../shared/http/client.ts'
import { asSessionToken, isTwoFactorChallenge } from './session-token.ts'

export const login = async (body: Credentials): Promise<SessionToken | TwoFactorChallenge> => {
  const data = await http.post<unknown, unknown>(AUTH_PATHS.login, body, { silent: true })
  return isTwoFactorChallenge(data) ? data : asSessionToken(AUTH_PATHS.login, data)
}

export const useLogin = () => useMutation({ mutationFn: login })
