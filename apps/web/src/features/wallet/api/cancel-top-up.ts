// POST /user/wallet/topups/:orderNo/cancel: the answer replaces the cached order.
import { cancelTopUp } from '@proxy/contract/wallet/topups'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import { topUpQueryKey, topUpsQueryKey } from './wallet-keys.ts'

export const useCancelTopUp = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (orderNo: string) => callEndpoint(cancelTopUp, { params: { orderNo } }),
    onSuccess: (order) => {
      queryClient.setQueryData(topUpQueryKey(order.orderNo), order)
      void queryClient.invalidateQueries({ queryKey: topUpsQueryKey })
    },
    // TOPUP_NOT_PENDING: it was paid or closed meanwhile; show what it is now.
    onError: (_, orderNo) => queryClient.invalidateQueries({ queryKey: topUpQueryKey(orderNo) }),
  })
}
