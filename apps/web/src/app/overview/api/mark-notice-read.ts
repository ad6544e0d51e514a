// POST /user/notices/:id/read: the notice turns read in place and the unread count on the overview follows.
import { markNoticeRead, type Notice } from '@proxy/contract/notices/endpoints'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import { noticesQueryOptions } from './list-notices.ts'
import { overviewQueryKey } from './overview-keys.ts'

export const useMarkNoticeRead = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callEndpoint(markNoticeRead, { params: { id } }),
    onSuccess: (read: Notice) => {
      queryClient.setQueryData(noticesQueryOptions().queryKey, (page) =>
        page ? { ...page, items: page.items.map((item) => (item.id === read.id ? read : item)) } : page,
      )
      void queryClient.invalidateQueries({ queryKey: overviewQueryKey })
    },
  })
}
