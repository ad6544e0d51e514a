// GET /orders/:orderNo: one order with the static IPs it bought or renewed.
import { getOrder } from '@proxy/contract/orders/endpoints'
import { useQuery } from '@tanstack/react-query'
import { ordersQueryKey } from '../../../shared/api/static-ip-keys.ts'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'

export const useOrder = (orderNo: string | null) =>
  useQuery({
    queryKey: [...ordersQueryKey, 'detail', orderNo],
    queryFn: () => callEndpoint(getOrder, { params: { orderNo: orderNo ?? '' } }),
    enabled: orderNo !== null,
  })
