// POST /user/api-tokens: the answer carries the secret, shown once.
import { type CreateApiTokenInput, createApiToken } from '@proxy/contract/user/endpoints'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import { apiTokensQueryKey } from './list-api-tokens.ts'

export const useCreateApiToken = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateApiTokenInput) => callEndpoint(createApiToken, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  })
}
