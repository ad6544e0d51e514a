// POST /auth/login: email and password for a session token with its expiry.
import type { Credentials, SessionToken } from '@proxy/contract/auth/endpoints'
import { AUTH_PATHS } from '@proxy/contract/wire'
import { useMutation } from '@tanstack/react-query'
import { http } from '../../../shared/http/client.ts'
import { asSessionToken } from './session-token.ts'

export const login = async (body: Credentials): Promise<SessionToken> =>
  asSessionToken(AUTH_PATHS.login, await http.post<unknown, unknown>(AUTH_PATHS.login, body))

export const useLogin = () => useMutation({ mutationFn: login })
