// GET /user/overview: balance, active and expiring static IPs, remaining traffic and unread notices in one call.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callEndpoint, lazyEndpoint } from '../../../shared/http/call-endpoint.ts'
import { overviewQueryKey } from './overview-keys.ts'

const getOverview = lazyEndpoint('GET', '/user/overview', () =>
  import('@proxy/contract/overview/endpoints').then((contract) => contract.getOverview),
)

export const overviewQueryOptions = () =>
  queryOptions({
    queryKey: overviewQueryKey,
    queryFn: () => callEndpoint(getOverview),
    staleTime: 30_000,
  })

export const useOverview = () => useQuery(overviewQueryOptions())
