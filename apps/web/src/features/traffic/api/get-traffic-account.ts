// GET /user/traffic-account: the one set of credentials every traffic package pays for.
import { getTrafficAccount } from '@proxy/contract/traffic/endpoints'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import { trafficAccountQueryKey } from './traffic-keys.ts'

export const trafficAccountQueryOptions = () =>
  queryOptions({
    queryKey: trafficAccountQueryKey,
    queryFn: () => callEndpoint(getTrafficAccount),
  })

export const useTrafficAccount = () => useQuery(trafficAccountQueryOptions())
