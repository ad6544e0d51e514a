// POST /user/api-tokens with the token's name and scopes: the answer carries the secret, shown once.
import type { BodyOf } from '@proxy/contract/endpoint'
import { createApiToken } from '@proxy/contract/user/endpoints'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import { apiTokensQueryKey } from './list-api-tokens.ts'

export const useCreateApiToken = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: BodyOf<typeof createApiToken>) => callEndpoint(createApiToken, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  })
}
