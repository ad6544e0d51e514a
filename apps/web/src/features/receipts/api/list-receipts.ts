// GET /user/receipts: paid top-ups, orders and refunds, newest first, each with its receipt or credit note
// (the server issues those not issued yet as it lists them).
import { listReceipts } from '@proxy/contract/receipts/endpoints'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { walletQueryKey } from '../../../shared/api/get-wallet.ts'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'

// Under the wallet's key: a payment that refreshes the wallet refreshes this list too.
export const receiptsQueryKey = [...walletQueryKey, 'receipts'] as const

export const receiptsQueryOptions = (query: { page: number; pageSize: number }) =>
  queryOptions({
    queryKey: [...receiptsQueryKey, query],
    queryFn: () => callEndpoint(listReceipts, { query }),
    placeholderData: keepPreviousData,
  })

export const useReceipts = (query: { page: number; pageSize: number }) =>
  useQuery(receiptsQueryOptions(query))
