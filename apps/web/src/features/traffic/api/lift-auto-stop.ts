// POST /user/traffic-account/auto-stop/lift: the traffic login runs again until tomorrow's cap.
import { liftAccountAutoStop } from '@proxy/contract/traffic/auto-stop'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import { autoStopQueryKey } from './sub-user-keys.ts'

export const useLiftAutoStop = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => callEndpoint(liftAccountAutoStop),
    onSuccess: (state) => queryClient.setQueryData(autoStopQueryKey, state),
  })
}
