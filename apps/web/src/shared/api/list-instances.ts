// GET /proxy/instances: the customer's static IPs, filtered and paged on the server.
import { type InstanceStatus, listInstances } from '@proxy/contract/static-ip/instances'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { callEndpoint } from '../http/call-endpoint.ts'
import { instancesQueryKey } from './static-ip-keys.ts'

export type InstanceListParams = {
  page: number
  pageSize: number
  status?: InstanceStatus | undefined
  region?: string | undefined
  keyword?: string | undefined
  expiringWithinDays?: number | undefined
}

const queryOf = (params: InstanceListParams): Record<string, string | number> =>
  Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== ''))

export const instancesQueryOptions = (params: InstanceListParams) =>
  queryOptions({
    queryKey: [...instancesQueryKey, 'list', queryOf(params)],
    queryFn: () => callEndpoint(listInstances, { query: queryOf(params) }),
    placeholderData: keepPreviousData,
  })

export const useInstances = (params: InstanceListParams) => useQuery(instancesQueryOptions(params))
