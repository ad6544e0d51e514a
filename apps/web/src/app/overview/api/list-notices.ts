// GET /user/notices: the latest notices, newest first (failed auto-renewals, expiring IPs, traffic running out).
import { listNotices } from '@proxy/contract/notices/endpoints'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import { noticesQueryKey } from './overview-keys.ts'

export const noticesQueryOptions = () =>
  queryOptions({
    queryKey: [...noticesQueryKey, 'list'],
    queryFn: () => callEndpoint(listNotices, { query: { unreadOnly: 'false' } }),
    staleTime: 30_000,
  })

export const useNotices = () => useQuery(noticesQueryOptions())
