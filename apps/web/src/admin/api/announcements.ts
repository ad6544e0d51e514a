// Announcements to every customer as operators manage them: the paged list by status, write, edit,
// publish now, withdraw and delete a draft. Every change refreshes the list.
import {
  type AnnouncementInput,
  type AnnouncementQuery,
  createAnnouncement,
  deleteAnnouncement,
  expireAnnouncement,
  listAnnouncements,
  publishAnnouncement,
  updateAnnouncement,
} from '@proxy/contract/admin/announcements'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '../../shared/http/call-endpoint.ts'

const announcementKeys = {
  all: ['admin', 'announcements'] as const,
  list: (query: AnnouncementQuery) => ['admin', 'announcements', 'list', query] as const,
}

const definedOnly = (query: AnnouncementQuery): Record<string, string | number> =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined))

export const useAnnouncements = (query: AnnouncementQuery) =>
  useQuery({
    queryKey: announcementKeys.list(query),
    queryFn: () => callEndpoint(listAnnouncements, { query: definedOnly(query) }),
    placeholderData: keepPreviousData,
  })

const useRefreshing = <T, R>(mutationFn: (input: T) => Promise<R>) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  })
}

/** Writes a new announcement (`id` null) or edits one (every field sent: the editor holds them all). */
export const useSaveAnnouncement = () =>
  useRefreshing(({ id, body }: { id: string | null; body: AnnouncementInput }) =>
    id === null
      ? callEndpoint(createAnnouncement, { body })
      : callEndpoint(updateAnnouncement, { params: { id }, body }),
  )

export const usePublishAnnouncement = () =>
  useRefreshing((id: string) => callEndpoint(publishAnnouncement, { params: { id } }))

export const useExpireAnnouncement = () =>
  useRefreshing((id: string) => callEndpoint(expireAnnouncement, { params: { id } }))

export const useDeleteAnnouncement = () =>
  useRefreshing((id: string) => callEndpoint(deleteAnnouncement, { params: { id } }))
