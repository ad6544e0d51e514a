// POST /proxy/instances/:id/reset-credentials: new username, password and vmess id; the old ones stop working.
import { resetInstanceCredentials } from '@proxy/contract/static-ip/instances'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { instanceQueryKey, instancesQueryKey } from '../../../shared/api/static-ip-keys.ts'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'

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
