// GET /user/announcements: what the operators announce to every customer now, newest first, in both languages.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callEndpoint, lazyEndpoint } from '../../../shared/http/call-endpoint.ts'

const listAnnouncements = lazyEndpoint('GET', '/user/announcements', () =>
  import('@proxy/contract/notices/endpoints').then((contract) => contract.listAnnouncements),
)

export const announcementsQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'announcements'] as const,
    queryFn: () => callEndpoint(listAnnouncements, { silent: true }),
    staleTime: 60_000,
  })

export const useAnnouncements = () => useQuery(announcementsQueryOptions())
