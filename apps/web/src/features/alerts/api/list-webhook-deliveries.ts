// GET /user/webhooks/:id/deliveries: one page of an endpoint's delivery log, polled while something
// in it is still pending.
import { listWebhookDeliveries } from '@proxy/contract/alerts/webhooks'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import { deliveriesKey } from './keys.ts'

const POLL_MS = 5_000

export const useWebhookDeliveries = (endpointId: string | null, page: number, pageSize: number) =>
  useQuery({
    queryKey: [...deliveriesKey(endpointId ?? ''), page, pageSize],
    queryFn: () =>
      callEndpoint(listWebhookDeliveries, { params: { id: endpointId ?? '' }, query: { page, pageSize } }),
    enabled: endpointId !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.status === 'pending') ? POLL_MS : false,
  })
