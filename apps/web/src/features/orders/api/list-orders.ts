// GET /orders: orders newest first, one page at a time, optionally one product or kind.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { ordersQueryKey } from '../../../shared/api/static-ip-keys.ts'
import { callEndpoint, lazyEndpoint } from '../../../shared/http/call-endpoint.ts'

const listOrders = lazyEndpoint('GET', '/orders', () =>
  import('@proxy/contract/orders/endpoints').then((contract) => contract.listOrders),
)

/** The kinds this page filters by: static-IP purchases and renewals. */
export type OrderKind = 'new' | 'renewal'
export type OrderListParams = {
  page: number
  pageSize: number
  kind?: OrderKind | undefined
  /** Leave out for every order (the overview); the IP order list asks for static-IP orders only. */
  product?: 'static-ip' | 'traffic'
}

const queryOf = ({ page, pageSize, kind, product }: OrderListParams) => ({
  page,
  pageSize,
  ...(product ? { product } : {}),
  ...(kind ? { kind } : {}),
})

export const ordersQueryOptions = (params: OrderListParams) =>
  queryOptions({
    queryKey: [...ordersQueryKey, 'list', queryOf(params)],
    queryFn: () => callEndpoint(listOrders, { query: queryOf(params) }),
    placeholderData: keepPreviousData,
  })

export const useOrders = (params: OrderListParams) => useQuery(ordersQueryOptions(params))
