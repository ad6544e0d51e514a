// PATCH /proxy/instances/:id: rename the line, switch auto-renew or set a remark.
import { type UpdateInstanceInput, updateInstance } from '@proxy/contract/static-ip/instances'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { instancesQueryKey } from '../../../shared/api/static-ip-keys.ts'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'

export const useUpdateInstance = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateInstanceInput }) =>
      callEndpoint(updateInstance, { params: { id }, body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: instancesQueryKey }),
  })
}
