// POST /orders/traffic with one Idempotency-Key per confirmation: a retried request never buys twice.
import { purchaseTraffic, type TrafficPurchaseInput } from '@proxy/contract/traffic/purchase'
import { IDEMPOTENCY_HEADER } from '@proxy/contract/wire'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { walletQueryKey } from '../../../shared/api/get-wallet.ts'
import { ordersQueryKey } from '../../../shared/api/static-ip-keys.ts'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import { trafficPlansQueryKey, trafficQueryKey } from './traffic-keys.ts'

export type TrafficPurchaseVariables = { input: TrafficPurchaseInput; idempotencyKey: string }

export const usePurchaseTraffic = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: TrafficPurchaseVariables) =>
      callEndpoint(purchaseTraffic, {
        body: input,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
        silent: true,
      }),
    onSettled: () => {
      for (const queryKey of [walletQueryKey, trafficQueryKey, trafficPlansQueryKey, ordersQueryKey])
        void queryClient.invalidateQueries({ queryKey })
    },
  })
}
