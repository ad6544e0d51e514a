// GET /user/webhooks: the customer's endpoints (never their secrets).
import { listWebhooks } from '@proxy/contract/alerts/webhooks'
import { useQuery } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import { webhooksKey } from './keys.ts'

export const useWebhooks = () =>
  useQuery({ queryKey: webhooksKey, queryFn: () => callEndpoint(listWebhooks) })
