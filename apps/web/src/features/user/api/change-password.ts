// POST /auth/password: other sessions are revoked by the server, and the API tokens when asked; this one stays.
import { type ChangePasswordInput, changePassword } from '@proxy/contract/auth/endpoints'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import { apiTokensQueryKey } from './list-api-tokens.ts'

export const useChangePassword = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ChangePasswordInput) => callEndpoint(changePassword, { body }),
    onSuccess: (_, body) =>
      body.revokeApiTokens ? queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }) : undefined,
  })
}
