// POST /orders/traffic/quote: price, size, validity and what the wallet covers, for the plan and quantity on screen.
import { quoteTraffic, type TrafficOrderInput } from '@proxy/contract/traffic/purchase'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import { trafficPlansQueryKey } from './traffic-keys.ts'

// Under the plans' key: a purchase, which refreshes the plans, prices again against the new balance.
export const useTrafficQuote = (input: TrafficOrderInput | null) =>
  useQuery({
    queryKey: [...trafficPlansQueryKey, 'quote', input],
    // The page shows a failed quote beside the total, no toast.
    queryFn: () => callEndpoint(quoteTraffic, { body: input as TrafficOrderInput, silent: true }),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
  })
