// GET /orders/:orderNo: one order with the static IPs it bought or renewed.
import { getOrder } from '@proxy/contract/orders/endpoints'
import { useQuery } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import { ordersQueryKey } from '../../static-ip/api/static-ip-keys.ts'

export const useOrder = (orderNo: string | null) =>
  useQuery({
    queryKey: [...ordersQueryKey, 'detail', orderNo],
    queryFn: () => callEndpoint(getOrder, { params: { orderNo: orderNo ?? '' } }),
    enabled: orderNo !== null,
  })
