// GET /proxy/stats/tunnels: tunnels that succeeded and failed (by reason) and the peak open at once, per bucket.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { callEndpoint, lazyEndpoint } from '../../../shared/http/call-endpoint.ts'
import type { StatsRequest } from '../components/stats-range.ts'
import { statsQueryKey } from './stats-keys.ts'

const getTunnelStats = lazyEndpoint('GET', '/proxy/stats/tunnels', () =>
  import('@proxy/contract/stats/endpoints').then((contract) => contract.getTunnelStats),
)

export const tunnelStatsQueryOptions = (request: StatsRequest) =>
  queryOptions({
    queryKey: [...statsQueryKey, 'tunnels', request],
    queryFn: () => callEndpoint(getTunnelStats, { query: request }),
    placeholderData: keepPreviousData,
    // Nodes push every few seconds; a minute-old table is fresh enough.
    staleTime: 60_000,
  })

export const useTunnelStats = (request: StatsRequest) => useQuery(tunnelStatsQueryOptions(request))
