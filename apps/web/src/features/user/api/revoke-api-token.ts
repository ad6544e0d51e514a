// DELETE /user/api-tokens/:id: the token stops working on the next request.
import { revokeApiToken } from '@proxy/contract/user/endpoints'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import { apiTokensQueryKey } from './list-api-tokens.ts'

export const useRevokeApiToken = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callEndpoint(revokeApiToken, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  })
}
