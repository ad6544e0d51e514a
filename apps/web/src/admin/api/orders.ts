// Orders of every customer as the finance pages list them, and refunds of what an order bought (a static
// IP for its unused days, a traffic package for its unused bytes) — each refund with its Idempotency-Key.
import { listCustomerStaticIps } from '@proxy/contract/admin/customers'
import { type AdminOrderQuery, listAdminOrders } from '@proxy/contract/admin/orders'
import { refundStaticIp, refundTrafficPackage } from '@proxy/contract/admin/refunds'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '../../shared/http/call-endpoint.ts'

const orderKeys = {
  all: ['admin', 'orders'] as const,
  list: (query: AdminOrderQuery) => ['admin', 'orders', 'list', query] as const,
}

/** The query without its unset filters, as the address leaves them out. */
export const setFilters = <Q extends object>(query: Q): Record<string, string | number> =>
  Object.fromEntries(
    Object.entries(query).filter((entry): entry is [string, string | number] => {
      const value = entry[1]
      return typeof value === 'number' || (typeof value === 'string' && value !== '')
    }),
  )

export const useAdminOrders = (query: AdminOrderQuery) =>
  useQuery({
    queryKey: orderKeys.list(query),
    queryFn: () => callEndpoint(listAdminOrders, { query: setFilters(query) }),
    placeholderData: keepPreviousData,
  })

/** A customer's live static IPs (the first 100, newest first): what a static-IP refund can pick from. */
export const useActiveStaticIps = (customerId: string) =>
  useQuery({
    queryKey: ['admin', 'customers', 'static-ips', customerId, 'active'] as const,
    queryFn: () =>
      callEndpoint(listCustomerStaticIps, {
        params: { id: customerId },
        query: { status: 'active', page: 1, pageSize: 100 },
      }),
  })

/** What a refund gives back: a static IP (`static-ip`) or a traffic package (`traffic`). */
export type RefundTarget = 'static-ip' | 'traffic'

export type RefundRequest = { target: RefundTarget; id: string; reason: string; key: string }

/** The caller keeps one Idempotency-Key per refund dialog, so a retry after a lost answer refunds once. */
export const useRefund = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ target, id, reason, key }: RefundRequest) =>
      callEndpoint(target === 'static-ip' ? refundStaticIp : refundTrafficPackage, {
        params: { id },
        body: { reason },
        headers: { 'Idempotency-Key': key },
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'customers'] }),
      ]),
  })
}
