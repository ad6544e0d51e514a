// POST /auth/register: creates the account and answers a session token like login. Silent: the form
// shows the refusal itself.
import type { Credentials, SessionToken } from '@proxy/contract/auth/endpoints'
import { AUTH_PATHS } from '@proxy/contract/wire'
import { useMutation } from '@tanstack/react-query'
import { http } from '../../../shared/http/client.ts'
import { asSessionToken } from './session-token.ts'

export const register = async (body: Credentials): Promise<SessionToken> =>
  asSessionToken(
    AUTH_PATHS.register,
    await http.post<unknown, unknown>(AUTH_PATHS.register, body, { silent: true }),
  )

export const useRegister = () => useMutation({ mutationFn: register })
