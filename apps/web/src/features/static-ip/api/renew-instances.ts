// POST /proxy/instances/renew with one Idempotency-Key per confirmation; all or nothing on the server.

import type { RenewInput } from '@proxy/contract/static-ip/instances'
import { renewInstances } from '@proxy/contract/static-ip/purchase'
import { IDEMPOTENCY_HEADER } from '@proxy/contract/wire'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { walletQueryKey } from '../../../shared/api/get-wallet.ts'
import { catalogQueryKey, instancesQueryKey, ordersQueryKey } from '../../../shared/api/static-ip-keys.ts'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import { isPriceChanged } from '../../../shared/ui/buy-flow/price-changed.ts'

export type RenewVariables = { input: RenewInput; idempotencyKey: string }

export const useRenewInstances = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: RenewVariables) =>
      callEndpoint(renewInstances, {
        body: input,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
        silent: true,
      }),
    onSettled: () => {
      for (const queryKey of [walletQueryKey, instancesQueryKey, ordersQueryKey])
        void queryClient.invalidateQueries({ queryKey })
    },
    // The prices changed since the catalogue on screen: read it again, so the total shown is the one charged.
    onError: (error) => {
      if (isPriceChanged(error)) void queryClient.invalidateQueries({ queryKey: catalogQueryKey })
    },
  })
}
