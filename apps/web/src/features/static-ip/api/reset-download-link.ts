// POST /user/download-links/:id/reset: a new secret, shown once; the old URL answers 404 at once.
import { resetDownloadLink } from '@proxy/contract/static-ip/download-links'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import { downloadLinksQueryKey } from './list-download-links.ts'

export const useResetDownloadLink = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callEndpoint(resetDownloadLink, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: downloadLinksQueryKey }),
  })
}
