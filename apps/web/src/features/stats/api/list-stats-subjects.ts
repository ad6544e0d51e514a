// GET /proxy/stats/subjects: the account, the traffic account and each static IP, for the subject picker.
import { useQuery } from '@tanstack/react-query'
import { callEndpoint, lazyEndpoint } from '../../../shared/http/call-endpoint.ts'
import { statsQueryKey } from './stats-keys.ts'

const listStatsSubjects = lazyEndpoint('GET', '/proxy/stats/subjects', () =>
  import('@proxy/contract/stats/endpoints').then((contract) => contract.listStatsSubjects),
)

export const useStatsSubjects = () =>
  useQuery({
    queryKey: [...statsQueryKey, 'subjects'],
    queryFn: () => callEndpoint(listStatsSubjects),
    staleTime: 60_000,
  })
