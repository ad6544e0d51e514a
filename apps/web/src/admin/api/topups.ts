// Top-up orders of every customer, what the payment gateway says of one (reconcile), and marking one paid
// after that check (money moves: an Idempotency-Key per dialog).
import {
  type AdminTopUpQuery,
  checkTopUpAtGateway,
  listAdminTopUps,
  markTopUpPaid,
} from '@proxy/contract/admin/orders'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '../../shared/http/call-endpoint.ts'
import { setFilters } from './orders.ts'

const topUpKeys = {
  all: ['admin', 'topups'] as const,
  list: (query: AdminTopUpQuery) => ['admin', 'topups', 'list', query] as const,
  gateway: (orderNo: string) => ['admin', 'topups', 'gateway', orderNo] as const,
}

export const useAdminTopUps = (query: AdminTopUpQuery) =>
  useQuery({
    queryKey: topUpKeys.list(query),
    queryFn: () => callEndpoint(listAdminTopUps, { query: setFilters(query) }),
    placeholderData: keepPreviousData,
  })

/** Asks the gateway each time a top-up is opened for reconciling (never an old answer). */
export const useGatewayCheck = (orderNo: string | null) =>
  useQuery({
    queryKey: topUpKeys.gateway(orderNo ?? ''),
    queryFn: () => callEndpoint(checkTopUpAtGateway, { params: { orderNo: orderNo ?? '' } }),
    enabled: orderNo !== null,
    staleTime: 0,
    gcTime: 0,
  })

export const useMarkPaid = (orderNo: string) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ reason, key }: { reason: string; key: string }) =>
      callEndpoint(markTopUpPaid, {
        params: { orderNo },
        body: { reason },
        headers: { 'Idempotency-Key': key },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: topUpKeys.all }),
  })
}
