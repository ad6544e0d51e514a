// POST /orders/static-ip/quote: price, stock and what the wallet covers, for the choice on screen.
import { quoteStaticIp, type StaticIpPurchaseInput } from '@proxy/contract/static-ip/purchase'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { catalogQueryKey } from '../../../shared/api/static-ip-keys.ts'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'

export type QuoteInput = Omit<StaticIpPurchaseInput, 'autoRenew' | 'expectedTotal'>

export const useQuote = (input: QuoteInput | null) =>
  useQuery({
    queryKey: [...catalogQueryKey, 'quote', input],
    // The page shows a failed quote beside the total, no toast.
    queryFn: () => callEndpoint(quoteStaticIp, { body: input as QuoteInput, silent: true }),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
  })
