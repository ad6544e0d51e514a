// POST /auth/register: creates the account and answers a session token like login.
import type { Credentials, SessionToken } from '@proxy/contract/auth/endpoints'
import { useMutation } from '@tanstack/react-query'
import { http } from '../../../shared/http/client.ts'
import { AUTH_PATHS } from '../../../shared/http/wire-constants.ts'
import { asSessionToken } from './session-token.ts'

export const register = async (body: Credentials): Promise<SessionToken> =>
  asSessionToken(AUTH_PATHS.register, await http.post<unknown, unknown>(AUTH_PATHS.register, body))

export const useRegister = () => useMutation({ mutationFn: register })
