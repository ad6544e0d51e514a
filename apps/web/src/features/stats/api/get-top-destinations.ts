// GET /proxy/stats/destinations: the host names reached most (only while "keep top destinations" is on).
import { useQuery } from '@tanstack/react-query'
import { callEndpoint, lazyEndpoint } from '../../../shared/http/call-endpoint.ts'
import { statsQueryKey } from './stats-keys.ts'

const getTopDestinations = lazyEndpoint('GET', '/proxy/stats/destinations', () =>
  import('@proxy/contract/stats/endpoints').then((contract) => contract.getTopDestinations),
)

export const useTopDestinations = (
  query: { from: string; to: string; subject: string },
  isEnabled: boolean,
) =>
  useQuery({
    queryKey: [...statsQueryKey, 'destinations', query],
    queryFn: () => callEndpoint(getTopDestinations, { query }),
    enabled: isEnabled,
    staleTime: 60_000,
  })
