// GET /user/notices: the latest notices, newest first (failed auto-renewals, expiring IPs, traffic running out).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callEndpoint, lazyEndpoint } from '../../../shared/http/call-endpoint.ts'
import { noticesQueryKey } from './overview-keys.ts'

const listNotices = lazyEndpoint('GET', '/user/notices', () =>
  import('@proxy/contract/notices/endpoints').then((contract) => contract.listNotices),
)

export const noticesQueryOptions = () =>
  queryOptions({
    queryKey: [...noticesQueryKey, 'list'],
    queryFn: () => callEndpoint(listNotices, { query: { unreadOnly: 'false' } }),
    staleTime: 30_000,
  })

export const useNotices = () => useQuery(noticesQueryOptions())
