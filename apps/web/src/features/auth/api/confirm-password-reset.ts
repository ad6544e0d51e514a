// POST /auth/password-reset/confirm: the link's token (from the address fragment) and the new password.
import { confirmPasswordReset, type PasswordResetConfirm } from '@proxy/contract/auth/endpoints'
import { useMutation } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'

export const useConfirmPasswordReset = () =>
  useMutation({ mutationFn: (body: PasswordResetConfirm) => callEndpoint(confirmPasswordReset, { body }) })
