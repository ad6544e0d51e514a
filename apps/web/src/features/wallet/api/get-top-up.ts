// GET /user/wallet/topups/:orderNo: the server asks the gateway while the order is pending, so polling this
// is how a payment is noticed. Failures are shown in the page, not as toasts (it polls).
import { getTopUp, OrderNoParams, type TopUpOrder } from '@proxy/contract/wallet/topups'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { isContractMismatch } from '../../../shared/http/api-error.ts'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import { topUpQueryKey } from './wallet-keys.ts'

/** Checked before asking: a mistyped orderNo in the address is "not found", not a validation toast. */
export const isOrderNo = (value: string): boolean => OrderNoParams.shape.orderNo.safeParse(value).success

export const topUpQueryOptions = (orderNo: string) =>
  queryOptions({
    queryKey: topUpQueryKey(orderNo),
    queryFn: () => callEndpoint(getTopUp, { params: { orderNo }, silent: true }),
    staleTime: 0,
    throwOnError: isContractMismatch,
  })

type Options = {
  /** Milliseconds to the next check for the current answer, or false to stop polling. */
  pollEvery: (order: TopUpOrder | undefined) => number | false
}

export const useTopUp = (orderNo: string, { pollEvery }: Options) =>
  useQuery({ ...topUpQueryOptions(orderNo), refetchInterval: (query) => pollEvery(query.state.data) })
