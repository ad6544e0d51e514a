// GET /user/wallet/topups: the customer's top-up orders, newest first, one page at a time.
import { listTopUps, type TopUpStatus } from '@proxy/contract/wallet/topups'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import { topUpsQueryKey } from './wallet-keys.ts'

export type TopUpListParams = { page: number; pageSize: number; status?: TopUpStatus | undefined }

const queryOf = ({ page, pageSize, status }: TopUpListParams) => ({
  page,
  pageSize,
  ...(status ? { status } : {}),
})

export const topUpsQueryOptions = (params: TopUpListParams) =>
  queryOptions({
    queryKey: [...topUpsQueryKey, queryOf(params)],
    queryFn: () => callEndpoint(listTopUps, { query: queryOf(params) }),
    placeholderData: keepPreviousData,
  })

export const useTopUps = (params: TopUpListParams) => useQuery(topUpsQueryOptions(params))
