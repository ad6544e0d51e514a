// GET /user/traffic-account/auto-stop: the traffic login's daily cap, today's use, and a pause.
import { getAccountAutoStop } from '@proxy/contract/traffic/auto-stop'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import { autoStopQueryKey } from './sub-user-keys.ts'

export const autoStopQueryOptions = () =>
  queryOptions({
    queryKey: autoStopQueryKey,
    queryFn: () => callEndpoint(getAccountAutoStop),
    staleTime: 30_000,
  })

export const useAutoStop = () => useQuery(autoStopQueryOptions())
