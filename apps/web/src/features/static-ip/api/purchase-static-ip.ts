// POST /orders/static-ip with one Idempotency-Key per confirmation: a retried request never buys twice.
import { purchaseStaticIp, type StaticIpPurchaseInput } from '@proxy/contract/static-ip/purchase'
import { IDEMPOTENCY_HEADER } from '@proxy/contract/wire'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { walletQueryKey } from '../../../shared/api/get-wallet.ts'
import { catalogQueryKey, instancesQueryKey, ordersQueryKey } from '../../../shared/api/static-ip-keys.ts'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'

export type PurchaseVariables = { input: StaticIpPurchaseInput; idempotencyKey: string }

export const usePurchaseStaticIp = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: PurchaseVariables) =>
      callEndpoint(purchaseStaticIp, {
        body: input,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
        silent: true,
      }),
    onSettled: () => {
      for (const queryKey of [walletQueryKey, catalogQueryKey, instancesQueryKey, ordersQueryKey])
        void queryClient.invalidateQueries({ queryKey })
    },
  })
}
