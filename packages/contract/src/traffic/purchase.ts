// Buying traffic packages from the wallet: the quote (priced here, never in the browser) and the purchase.
import { z } from 'zod'
import { defineEndpoint } from '../endpoint.ts'
import { ExpectedTotal } from '../money.ts'
import { Order } from '../orders/endpoints.ts'
import { TRAFFIC_MAX_QUANTITY, TrafficPackage } from './endpoints.ts'

export const TrafficOrderInput = z.strictObject({
  planId: z.string().regex(/^[a-z0-9-]{2,32}$/),
  quantity: z.number().int().min(1).max(TRAFFIC_MAX_QUANTITY),
})
export type TrafficOrderInput = z.infer<typeof TrafficOrderInput>
export const TrafficPurchaseInput = TrafficOrderInput.extend({ expectedTotal: ExpectedTotal })
export type TrafficPurchaseInput = z.infer<typeof TrafficPurchaseInput>

export const TrafficQuote = z.object({
  unitPrice: z.number(),
  quantity: z.number().int(),
  /** Bytes the order adds: the plan's size times the quantity. */
  totalBytes: z.number().int(),
  validityDays: z.number().int(),
  total: z.number(),
  balance: z.number(),
  shortfall: z.number(),
})
export type TrafficQuote = z.infer<typeof TrafficQuote>

const tags = ['orders'] as const

export const quoteTraffic = defineEndpoint({
  method: 'POST',
  path: '/orders/traffic/quote',
  summary: 'Price, size and what the wallet can cover, before buying traffic',
  tags,
  scope: 'read',
  body: TrafficOrderInput,
  response: TrafficQuote,
})

export const purchaseTraffic = defineEndpoint({
  method: 'POST',
  path: '/orders/traffic',
  summary: 'Buy traffic packages from the wallet (send an Idempotency-Key header)',
  tags,
  scope: 'buy',
  body: TrafficPurchaseInput,
  response: z.object({ order: Order, packages: z.array(TrafficPackage) }),
})
