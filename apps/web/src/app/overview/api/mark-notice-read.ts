// POST /user/notices/:id/read: the notice turns read in place and the unread count on the overview follows.
import type { Notice } from '@proxy/contract/notices/endpoints'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callEndpoint, lazyEndpoint } from '../../../shared/http/call-endpoint.ts'
import { noticesQueryOptions } from './list-notices.ts'
import { overviewQueryKey } from './overview-keys.ts'

const markNoticeRead = lazyEndpoint('POST', '/user/notices/:id/read', () =>
  import('@proxy/contract/notices/endpoints').then((contract) => contract.markNoticeRead),
)

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
