// POST /proxy/instances/:id/reset-credentials: new username, password and vmess id; the old ones stop working.
import { resetInstanceCredentials } from '@proxy/contract/static-ip/instances'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import { instanceQueryKey, instancesQueryKey } from './static-ip-keys.ts'

export const useResetCredentials = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callEndpoint(resetInstanceCredentials, { params: { id } }),
    onSuccess: (detail) => {
      queryClient.setQueryData(instanceQueryKey(detail.id), detail)
      void queryClient.invalidateQueries({ queryKey: instancesQueryKey })
    },
  })
}
