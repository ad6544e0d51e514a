// DELETE /user/webhooks/:id, POST …/reset-secret (answers the new secret, once) and POST …/test (queues
// a test event; the delivery log then shows it).
import { deleteWebhook, resetWebhookSecret, sendWebhookTest } from '@proxy/contract/alerts/webhooks'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import { deliveriesKey, webhooksKey } from './keys.ts'

export const useDeleteWebhook = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callEndpoint(deleteWebhook, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  })
}

export const useResetWebhookSecret = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callEndpoint(resetWebhookSecret, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  })
}

export const useSendWebhookTest = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callEndpoint(sendWebhookTest, { params: { id } }),
    onSettled: (_data, _error, id) => queryClient.invalidateQueries({ queryKey: deliveriesKey(id) }),
  })
}
