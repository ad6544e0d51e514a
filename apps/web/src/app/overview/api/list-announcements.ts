// GET /user/announcements: what the operators announce to every customer now, newest first, in both languages.
import { listAnnouncements } from '@proxy/contract/notices/endpoints'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'

export const announcementsQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'announcements'] as const,
    queryFn: () => callEndpoint(listAnnouncements, { silent: true }),
    staleTime: 60_000,
  })

export const useAnnouncements = () => useQuery(announcementsQueryOptions())
