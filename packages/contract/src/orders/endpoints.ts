// Orders paid from the wallet, as recorded: static-IP purchases and renewals, and traffic packages.
// Each product declares its own quote and purchase calls (static-ip/purchase, traffic/purchase).
import { z } from 'zod'
import { defineEndpoint } from '../endpoint.ts'
import { PageQuery, pageOf } from '../pagination.ts'
import { ProxyProtocol } from '../static-ip/catalog.ts'
import { Instance } from '../static-ip/instances.ts'
import { IpReplacement } from '../static-ip/replacement.ts'

export const OrderKind = z.enum(['new', 'renewal', 'traffic'])
export const OrderStatus = z.enum(['paid'])

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

export const listOrders = defineEndpoint({
  method: 'GET',
  path: '/orders',
  summary: 'Your orders, newest first',
  tags,
  scope: 'read',
  query: OrderListQuery,
  response: pageOf(Order),
})

export const getOrder = defineEndpoint({
  method: 'GET',
  path: '/orders/:orderNo',
  summary: 'One order with the static IPs it bought or renewed, and their address replacements',
  tags,
  scope: 'read',
  params: OrderNoParams,
  response: z.object({
    order: Order,
    instances: z.array(Instance),
    /** Free address replacements of the IPs this order bought, newest first. */
    replacements: z.array(IpReplacement),
  }),
})
