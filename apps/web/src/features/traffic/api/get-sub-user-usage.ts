// GET /user/sub-users/:id/usage: one sub-user's bytes per hour or local day.
import { getSubUserUsage } from '@proxy/contract/traffic/sub-users'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import { subUserUsageQueryKey } from './sub-user-keys.ts'

/** Days are the customer's saved time zone's (the answer names it). */
export type SubUserUsageRequest = { from: string; to: string; granularity: 'hour' | 'day' }

export const subUserUsageQueryOptions = (id: string, request: SubUserUsageRequest) =>
  queryOptions({
    queryKey: [...subUserUsageQueryKey(id), request],
    queryFn: () => callEndpoint(getSubUserUsage, { params: { id }, query: request }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  })

export const useSubUserUsage = (id: string, request: SubUserUsageRequest) =>
  useQuery(subUserUsageQueryOptions(id, request))
