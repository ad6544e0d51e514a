// GET /user/traffic-packages: the customer's packages, soonest expiry first, with the account-wide summary.
import { listTrafficPackages, type TrafficPackage } from '@proxy/contract/traffic/endpoints'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import { trafficPackagesQueryKey } from './traffic-keys.ts'

export type TrafficPackageListParams = {
  page: number
  pageSize: number
  status?: TrafficPackage['status'] | undefined
}

const queryOf = ({ page, pageSize, status }: TrafficPackageListParams) => ({
  page,
  pageSize,
  ...(status ? { status } : {}),
})

export const trafficPackagesQueryOptions = (params: TrafficPackageListParams) =>
  queryOptions({
    queryKey: [...trafficPackagesQueryKey, 'list', queryOf(params)],
    queryFn: () => callEndpoint(listTrafficPackages, { query: queryOf(params) }),
    placeholderData: keepPreviousData,
  })

export const useTrafficPackages = (params: TrafficPackageListParams) =>
  useQuery(trafficPackagesQueryOptions(params))
