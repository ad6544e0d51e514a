// DELETE /user/ip-whitelist/:id: tunnels the source opened without a password close within seconds.
import { removeIpWhitelist } from '@proxy/contract/static-ip/ip-whitelist'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ipWhitelistQueryKey } from '../../../shared/api/static-ip-keys.ts'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'

export const useRemoveIpWhitelist = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callEndpoint(removeIpWhitelist, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ipWhitelistQueryKey }),
  })
}
