// GET /user/api-tokens: the customer's API tokens (never their secrets).
import { listApiTokens } from '@proxy/contract/user/endpoints'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'

export const apiTokensQueryKey = ['user', 'api-tokens'] as const

export const apiTokensQueryOptions = () =>
  queryOptions({ queryKey: apiTokensQueryKey, queryFn: () => callEndpoint(listApiTokens) })

export const useApiTokens = () => useQuery(apiTokensQueryOptions())
