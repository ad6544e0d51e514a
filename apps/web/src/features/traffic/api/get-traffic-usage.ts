// GET /proxy/instances/traffic-usage: bytes up and down per hour or local day, with totals.
import { getTrafficUsage } from '@proxy/contract/traffic/usage'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import type { UsageRequest } from '../components/usage-range.ts'
import { usageQueryKey } from './usage-keys.ts'

export const trafficUsageQueryOptions = (request: UsageRequest) =>
  queryOptions({
    queryKey: [...usageQueryKey, request],
    queryFn: () => callEndpoint(getTrafficUsage, { query: request }),
    placeholderData: keepPreviousData,
    // Nodes push counters every few minutes; a minute-old chart is fresh enough.
    staleTime: 60_000,
  })

export const useTrafficUsage = (request: UsageRequest) => useQuery(trafficUsageQueryOptions(request))
