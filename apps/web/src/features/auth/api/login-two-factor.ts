// POST /auth/login/2fa: the challenge of the password step and a code (or a recovery code) for a session.
// Silent: the form shows the refusal itself.
import type { SessionToken, TwoFactorLoginInput } from '@proxy/contract/auth/endpoints'
import { AUTH_PATHS } from '@proxy/contract/wire'
import { useMutation } from '@tanstack/react-query'
import { http } from '../../../shared/http/client.ts'
import { asSessionToken } from './session-token.ts'

export const loginTwoFactor = async (body: TwoFactorLoginInput): Promise<SessionToken> =>
  asSessionToken(
    AUTH_PATHS.loginTwoFactor,
    await http.post<unknown, unknown>(AUTH_PATHS.loginTwoFactor, body, { silent: true }),
  )

export const useLoginTwoFactor = () => useMutation({ mutationFn: loginTwoFactor })
