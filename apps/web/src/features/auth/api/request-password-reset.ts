// POST /auth/password-reset: mails a reset link; the answer is the same whether or not the address has an account.
import { type PasswordResetRequest, requestPasswordReset } from '@proxy/contract/auth/endpoints'
import { useMutation } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'

export const useRequestPasswordReset = () =>
  useMutation({ mutationFn: (body: PasswordResetRequest) => callEndpoint(requestPasswordReset, { body }) })
