// POST /user/ip-whitelist: the answer carries the source as the server stored it (a range with its host bits
// cleared). Silent: the card shows a refusal (full, duplicate) under its input instead of a toast.
import { type AddWhitelistInput, addIpWhitelist } from '@proxy/contract/static-ip/ip-whitelist'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ipWhitelistQueryKey } from '../../../shared/api/static-ip-keys.ts'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'

export const useAddIpWhitelist = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: AddWhitelistInput) => callEndpoint(addIpWhitelist, { body, silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ipWhitelistQueryKey }),
  })
}
