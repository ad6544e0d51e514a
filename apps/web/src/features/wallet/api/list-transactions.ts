// GET /user/wallet/transactions: wallet entries of a type and time range, newest first, one page at a time.
import { listTransactions, type TransactionType } from '@proxy/contract/wallet/transactions'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { walletQueryKey } from '../../../shared/api/get-wallet.ts'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'

export type TransactionFilter = { type?: TransactionType | undefined; from?: string; to?: string }
export type TransactionListParams = TransactionFilter & { page: number; pageSize: number }

export const transactionsQueryKey = [...walletQueryKey, 'transactions'] as const

/** The filter without empty fields, as query parameters. */
export const filterQuery = ({ type, from, to }: TransactionFilter): Record<string, string> => ({
  ...(type ? { type } : {}),
  ...(from ? { from } : {}),
  ...(to ? { to } : {}),
})

export const transactionsQueryOptions = ({ page, pageSize, ...filter }: TransactionListParams) => {
  const query = { page, pageSize, ...filterQuery(filter) }
  return queryOptions({
    queryKey: [...transactionsQueryKey, query],
    queryFn: () => callEndpoint(listTransactions, { query }),
    placeholderData: keepPreviousData,
  })
}

export const useTransactions = (params: TransactionListParams) => useQuery(transactionsQueryOptions(params))
