// DELETE /user/download-links/:id: the URL answers 404 from the next fetch on.
import { deleteDownloadLink } from '@proxy/contract/static-ip/download-links'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import { downloadLinksQueryKey } from './list-download-links.ts'

export const useDeleteDownloadLink = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callEndpoint(deleteDownloadLink, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: downloadLinksQueryKey }),
  })
}
