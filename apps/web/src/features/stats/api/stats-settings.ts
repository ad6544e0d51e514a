// GET and PUT /proxy/stats/settings: whether top destinations are kept (turning it off deletes them).
import type { StatsSettings } from '@proxy/contract/stats/endpoints'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callEndpoint, lazyEndpoint } from '../../../shared/http/call-endpoint.ts'
import { statsQueryKey, statsSettingsQueryKey } from './stats-keys.ts'

const getStatsSettings = lazyEndpoint('GET', '/proxy/stats/settings', () =>
  import('@proxy/contract/stats/endpoints').then((contract) => contract.getStatsSettings),
)
const updateStatsSettings = lazyEndpoint('PUT', '/proxy/stats/settings', () =>
  import('@proxy/contract/stats/endpoints').then((contract) => contract.updateStatsSettings),
)

export const useStatsSettings = () =>
  useQuery({ queryKey: statsSettingsQueryKey, queryFn: () => callEndpoint(getStatsSettings) })

export const useUpdateStatsSettings = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: StatsSettings) => callEndpoint(updateStatsSettings, { body }),
    onSuccess: (settings) => {
      queryClient.setQueryData(statsSettingsQueryKey, settings)
      void queryClient.invalidateQueries({ queryKey: [...statsQueryKey, 'destinations'] })
    },
  })
}
