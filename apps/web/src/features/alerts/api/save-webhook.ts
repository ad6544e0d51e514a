// POST /user/webhooks (answers the secret, once) and PATCH /user/webhooks/:id.
import {
  type CreateWebhookInput,
  createWebhook,
  type UpdateWebhookInput,
  updateWebhook,
} from '@proxy/contract/alerts/webhooks'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import { webhooksKey } from './keys.ts'

export const useCreateWebhook = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateWebhookInput) => callEndpoint(createWebhook, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  })
}

export const useUpdateWebhook = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateWebhookInput }) =>
      callEndpoint(updateWebhook, { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  })
}
