// GET /proxy/instances/traffic-usage: bytes up and down per hour or local day, with totals.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { callEndpoint, lazyEndpoint } from '../../../shared/http/call-endpoint.ts'
import type { UsageRequest } from '../components/usage-range.ts'
import { usageQueryKey } from './usage-keys.ts'

const getTrafficUsage = lazyEndpoint('GET', '/proxy/instances/traffic-usage', () =>
  import('@proxy/contract/traffic/usage').then((contract) => contract.getTrafficUsage),
)

export const trafficUsageQueryOptions = (request: UsageRequest) =>
  queryOptions({
    queryKey: [...usageQueryKey, request],
    queryFn: () => callEndpoint(getTrafficUsage, { query: request }),
    placeholderData: keepPreviousData,
    // Nodes push counters every few minutes; a minute-old chart is fresh enough.
    staleTime: 60_000,
  })

export const useTrafficUsage = (request: UsageRequest) => useQuery(trafficUsageQueryOptions(request))
