// POST /user/download-links: the answer carries the secret, shown once.
import type { BodyOf } from '@proxy/contract/endpoint'
import { createDownloadLink } from '@proxy/contract/static-ip/download-links'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import { downloadLinksQueryKey } from './list-download-links.ts'

export const useCreateDownloadLink = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: BodyOf<typeof createDownloadLink>) => callEndpoint(createDownloadLink, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: downloadLinksQueryKey }),
  })
}
