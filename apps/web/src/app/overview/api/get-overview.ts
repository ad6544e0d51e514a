// GET /user/overview: balance, active and expiring static IPs, remaining traffic and unread notices in one call.
import { getOverview } from '@proxy/contract/overview/endpoints'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import { overviewQueryKey } from './overview-keys.ts'

export const overviewQueryOptions = () =>
  queryOptions({
    queryKey: overviewQueryKey,
    queryFn: () => callEndpoint(getOverview),
    staleTime: 30_000,
  })

export const useOverview = () => useQuery(overviewQueryOptions())
