// GET /user/me: the signed-in customer. A malformed answer is thrown to the error boundary.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { isContractMismatch } from '../http/api-error.ts'
import { callEndpoint, lazyEndpoint } from '../http/call-endpoint.ts'

const getMe = lazyEndpoint('GET', '/user/me', () =>
  import('@proxy/contract/user/endpoints').then((contract) => contract.getMe),
)

export const meQueryKey = ['user', 'me'] as const

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: () => callEndpoint(getMe),
    staleTime: 60_000,
    throwOnError: isContractMismatch,
  })

export const useMe = () => useQuery(meQueryOptions())
