// POST /user/traffic-account/reset-password: a new password; the old one stops working at once.
import { resetTrafficAccountPassword } from '@proxy/contract/traffic/endpoints'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import { trafficAccountQueryKey } from './traffic-keys.ts'

export const useResetTrafficPassword = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => callEndpoint(resetTrafficAccountPassword),
    onSuccess: (account) => queryClient.setQueryData(trafficAccountQueryKey, account),
  })
}
