// GET /user/me: the signed-in customer. A malformed answer is thrown to the error boundary.
import { getMe } from '@proxy/contract/user/endpoints'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { isContractMismatch } from '../http/api-error.ts'
import { callEndpoint } from '../http/call-endpoint.ts'

export const meQueryKey = ['user', 'me'] as const

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: () => callEndpoint(getMe),
    staleTime: 60_000,
    throwOnError: isContractMismatch,
  })

export const useMe = () => useQuery(meQueryOptions())
