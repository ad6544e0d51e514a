// PUT /user/traffic-account/auto-stop: sets or clears the traffic login's daily cap.
import { setAccountAutoStop } from '@proxy/contract/traffic/auto-stop'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import { autoStopQueryKey } from './sub-user-keys.ts'

export const useSetAutoStop = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (dailyBytes: number | null) => callEndpoint(setAccountAutoStop, { body: { dailyBytes } }),
    onSuccess: (state) => queryClient.setQueryData(autoStopQueryKey, state),
  })
}
