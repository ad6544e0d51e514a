// Buying and renewing static IPs from the wallet: the quote, the purchase and the renewal.
import { z } from 'zod'
import { defineEndpoint } from '../endpoint.ts'
import { ExpectedTotal } from '../money.ts'
import { Order } from '../orders/endpoints.ts'
import { DurationDays, ProxyProtocol, RegionId } from './catalog.ts'
import { Instance, RenewInput } from './instances.ts'

export const PURCHASE_MAX_QUANTITY = 100

export const StaticIpOrderInput = z.strictObject({
  regionId: RegionId,
  quantity: z.number().int().min(1).max(PURCHASE_MAX_QUANTITY),
  durationDays: DurationDays,
  protocol: ProxyProtocol,
})
export const StaticIpPurchaseInput = StaticIpOrderInput.extend({
  autoRenew: z.boolean().default(false),
  expectedTotal: ExpectedTotal,
})
export type StaticIpPurchaseInput = z.infer<typeof StaticIpPurchaseInput>

export const StaticIpQuote = z.object({
  unitPrice: z.number(),
  quantity: z.number().int(),
  durationDays: z.number().int(),
  /** The term discount in percent. */
  discount: z.number(),
  /** What the discount takes off the whole order: the list price less `total`. */
  saving: z.number(),
  total: z.number(),
  stock: z.number().int(),
  balance: z.number(),
  shortfall: z.number(),
})
export type StaticIpQuote = z.infer<typeof StaticIpQuote>

const tags = ['orders'] as const

export const quoteStaticIp = defineEndpoint({
  method: 'POST',
  path: '/orders/static-ip/quote',
  summary: 'Price, stock and what the wallet can cover, before buying',
  tags,
  scope: 'read',
  body: StaticIpOrderInput,
  response: StaticIpQuote,
})

export const purchaseStaticIp = defineEndpoint({
  method: 'POST',
  path: '/orders/static-ip',
  summary: 'Buy static IPs from the wallet (send an Idempotency-Key header)',
  tags,
  scope: 'buy',
  body: StaticIpPurchaseInput,
  response: z.object({ order: Order, instances: z.array(Instance) }),
})

export const renewInstances = defineEndpoint({
  method: 'POST',
  path: '/proxy/instances/renew',
  summary: 'Renew static IPs from the wallet, all or nothing (send an Idempotency-Key header)',
  tags: ['static-ip'],
  scope: 'buy',
  body: RenewInput,
  response: z.object({ order: Order, instances: z.array(Instance) }),
})
