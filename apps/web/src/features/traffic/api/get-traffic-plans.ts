// GET /catalog/traffic-plans: the packages on sale with size, validity, price and price per GB.
import { getTrafficPlans } from '@proxy/contract/traffic/endpoints'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import { trafficPlansQueryKey } from './traffic-keys.ts'

export const trafficPlansQueryOptions = () =>
  queryOptions({
    queryKey: trafficPlansQueryKey,
    queryFn: () => callEndpoint(getTrafficPlans),
    staleTime: 60_000,
  })

export const useTrafficPlans = () => useQuery(trafficPlansQueryOptions())
