// Orders paid from the wallet: static-IP purchases and renewals, and traffic packages.
import { z } from 'zod'
import { defineEndpoint } from '../endpoint.ts'
import { PageQuery, pageOf } from '../pagination.ts'
import { DurationDays, ProxyProtocol, RegionId } from '../static-ip/catalog.ts'
import { Instance, RenewInput } from '../static-ip/instances.ts'
import { TrafficOrderInput, TrafficPackage } from '../traffic/endpoints.ts'

export const PURCHASE_MAX_QUANTITY = 100

export const OrderKind = z.enum(['new', 'renewal', 'traffic'])
export const OrderStatus = z.enum(['paid'])

export const StaticIpOrderInput = z.strictObject({
  regionId: RegionId,
  quantity: z.number().int().min(1).max(PURCHASE_MAX_QUANTITY),
  durationDays: DurationDays,
  protocol: ProxyProtocol,
})
export const StaticIpPurchaseInput = StaticIpOrderInput.extend({ autoRenew: z.boolean().default(false) })
export type StaticIpPurchaseInput = z.infer<typeof StaticIpPurchaseInput>

export const Quote = z.object({
  unitPrice: z.number(),
  quantity: z.number().int(),
  durationDays: z.number().int(),
  discount: z.number(),
  total: z.number(),
  stock: z.number().int(),
  balance: z.number(),
  shortfall: z.number(),
})
export type Quote = z.infer<typeof Quote>

export const Order = z.object({
  orderNo: z.string(),
  kind: OrderKind,
  status: OrderStatus,
  regionId: z.string().nullable(),
  quantity: z.number().int(),
  durationDays: z.number().int(),
  protocol: ProxyProtocol.nullable(),
  unitPrice: z.number(),
  discount: z.number(),
  total: z.number(),
  createdAt: z.iso.datetime(),
})
export type Order = z.infer<typeof Order>

/** Which product an order is for: static IPs (new and renewal) or traffic packages. */
export const OrderProduct = z.enum(['static-ip', 'traffic'])
export const OrderListQuery = PageQuery.extend({
  kind: OrderKind.optional(),
  product: OrderProduct.optional(),
  status: OrderStatus.optional(),
})
export type OrderListQuery = z.infer<typeof OrderListQuery>
export const OrderNoParams = z.strictObject({ orderNo: z.string().regex(/^[SRF]\d{8}[A-Z0-9]{10}$/) })

const tags = ['orders'] as const

export const quoteStaticIp = defineEndpoint({
  method: 'POST',
  path: '/orders/static-ip/quote',
  summary: 'Price, stock and what the wallet can cover, before buying',
  tags,
  body: StaticIpOrderInput,
  response: Quote,
})

export const purchaseStaticIp = defineEndpoint({
  method: 'POST',
  path: '/orders/static-ip',
  summary: 'Buy static IPs from the wallet (send an Idempotency-Key header)',
  tags,
  body: StaticIpPurchaseInput,
  response: z.object({ order: Order, instances: z.array(Instance) }),
})

export const renewInstances = defineEndpoint({
  method: 'POST',
  path: '/proxy/instances/renew',
  summary: 'Renew static IPs from the wallet, all or nothing (send an Idempotency-Key header)',
  tags: ['static-ip'],
  body: RenewInput,
  response: z.object({ order: Order, instances: z.array(Instance) }),
})

export const purchaseTraffic = defineEndpoint({
  method: 'POST',
  path: '/orders/traffic',
  summary: 'Buy traffic packages from the wallet (send an Idempotency-Key header)',
  tags,
  body: TrafficOrderInput,
  response: z.object({ order: Order, packages: z.array(TrafficPackage) }),
})

export const listOrders = defineEndpoint({
  method: 'GET',
  path: '/orders',
  summary: 'Your orders, newest first',
  tags,
  query: OrderListQuery,
  response: pageOf(Order),
})

export const getOrder = defineEndpoint({
  method: 'GET',
  path: '/orders/:orderNo',
  summary: 'One order with the static IPs it bought or renewed',
  tags,
  params: OrderNoParams,
  response: z.object({ order: Order, instances: z.array(Instance) }),
})
