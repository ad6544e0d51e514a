// POST /proxy/instances/:id/replace with one Idempotency-Key per confirmation: a new address in the
// same region, the same credentials. Every instance read (lists, details, replacement status) and
// the orders (their replacement history) refresh afterwards, whether it worked or was refused.
import { type ReplaceInstanceIpInput, replaceInstanceIp } from '@proxy/contract/static-ip/replacement'
import { IDEMPOTENCY_HEADER } from '@proxy/contract/wire'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { instancesQueryKey, ordersQueryKey } from '../../../shared/api/static-ip-keys.ts'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'

export type ReplaceVariables = { id: string; input: ReplaceInstanceIpInput; idempotencyKey: string }

export const useReplaceInstanceIp = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input, idempotencyKey }: ReplaceVariables) =>
      callEndpoint(replaceInstanceIp, {
        params: { id },
        body: input,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
        // The modal shows the refusal itself, with the next allowed time.
        silent: true,
      }),
    onSettled: () => {
      for (const queryKey of [instancesQueryKey, ordersQueryKey])
        void queryClient.invalidateQueries({ queryKey })
    },
  })
}
