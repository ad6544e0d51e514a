// POST /user/wallet/topup with one Idempotency-Key per click: automatic retries of that click reuse the key,
// so a lost answer never creates a second order.
import { type CreateTopUpInput, createTopUp } from '@proxy/contract/wallet/topups'
import { IDEMPOTENCY_HEADER } from '@proxy/contract/wire'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { isApiError } from '../../../shared/http/api-error.ts'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import { topUpQueryKey, topUpsQueryKey } from './wallet-keys.ts'

export type CreateTopUpVariables = { input: CreateTopUpInput; idempotencyKey: string }

const MAX_RETRIES = 2

/** Worth the same request again: no answer at all, a gateway hiccup, or the first try still running. */
const isTransient = (error: unknown): boolean =>
  isApiError(error) &&
  (error.status === null ||
    (error.errorName === null && error.status >= 502) ||
    error.errorName === 'IDEMPOTENCY_IN_PROGRESS')

export const useCreateTopUp = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: CreateTopUpVariables) =>
      callEndpoint(createTopUp, {
        body: input,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
        // The page shows the failure beside the button.
        silent: true,
      }),
    retry: (failureCount, error) => failureCount < MAX_RETRIES && isTransient(error),
    retryDelay: 1000,
    onSuccess: (order) => {
      queryClient.setQueryData(topUpQueryKey(order.orderNo), order)
      void queryClient.invalidateQueries({ queryKey: topUpsQueryKey })
    },
  })
}
