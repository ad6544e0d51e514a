// POST /auth/password: other sessions are revoked by the server; this one stays.
import { type ChangePasswordInput, changePassword } from '@proxy/contract/auth/endpoints'
import { useMutation } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'

export const useChangePassword = () =>
  useMutation({ mutationFn: (body: ChangePasswordInput) => callEndpoint(changePassword, { body }) })
