// Orders and top-up orders of every customer, as the finance pages list them.
import { z } from 'zod'
import { defineEndpoint } from '../endpoint.ts'
import { instant, text } from '../input.ts'
import { Order, OrderKind } from '../orders/endpoints.ts'
import { PageQuery, pageOf } from '../pagination.ts'
import { TopUpChannel, TopUpStatus } from '../wallet/topups.ts'

/** Whose order: a customer's whole id or whole email address (any case). */
const CustomerFilter = text().trim().min(1).max(254)

const Customer = { customerId: z.uuid(), customerEmail: z.string() }

export const AdminOrder = Order.extend(Customer)
export type AdminOrder = z.infer<typeof AdminOrder>

export const AdminOrderQuery = PageQuery.extend({
  customer: CustomerFilter.optional(),
  kind: OrderKind.optional(),
  /** Placed at or after this instant. */
  from: instant().optional(),
  /** Placed at or before this instant. */
  to: instant().optional(),
  /** A whole order number (any case). */
  orderNo: text().trim().min(1).max(64).optional(),
})
export type AdminOrderQuery = z.infer<typeof AdminOrderQuery>

export const AdminTopUp = z.object({
  orderNo: z.string(),
  ...Customer,
  /** Dollars the wallet is (or would be) credited. */
  amount: z.number(),
  /** Yuan the gateway charges. */
  cnyAmount: z.number(),
  usdCnyRate: z.number(),
  channel: TopUpChannel,
  status: TopUpStatus,
  /** The gateway's number for the payment, once paid. */
  gatewayTradeNo: z.string().nullable(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
  closedAt: z.iso.datetime().nullable(),
})
export type AdminTopUp = z.infer<typeof AdminTopUp>

export const AdminTopUpQuery = PageQuery.extend({
  customer: CustomerFilter.optional(),
  status: TopUpStatus.optional(),
  channel: TopUpChannel.optional(),
  /** A whole top-up order number (any case). */
  orderNo: text().trim().min(1).max(64).optional(),
})
export type AdminTopUpQuery = z.infer<typeof AdminTopUpQuery>

const tags = ['admin'] as const

export const listAdminOrders = defineEndpoint({
  method: 'GET',
  path: '/admin/orders',
  summary: 'Orders of every customer, newest first, by customer, kind, time and number',
  tags,
  auth: 'operator',
  permission: 'orders.read',
  query: AdminOrderQuery,
  response: pageOf(AdminOrder),
})

export const listAdminTopUps = defineEndpoint({
  method: 'GET',
  path: '/admin/topups',
  summary: 'Top-up orders of every customer, newest first, by status, channel, customer and number',
  tags,
  auth: 'operator',
  permission: 'orders.read',
  query: AdminTopUpQuery,
  response: pageOf(AdminTopUp),
})

/** The order list's filters, without paging: the export is every matching row (up to EXPORT_MAX_ROWS). */
export const AdminOrderExportQuery = AdminOrderQuery.omit({ page: true, pageSize: true })
export type AdminOrderExportQuery = z.infer<typeof AdminOrderExportQuery>
export const AdminTopUpExportQuery = AdminTopUpQuery.omit({ page: true, pageSize: true })
export type AdminTopUpExportQuery = z.infer<typeof AdminTopUpExportQuery>

/** The most rows one export holds, newest first; narrow the filters for older ones. */
export const ADMIN_EXPORT_MAX_ROWS = 50_000

/** Not an envelope: the export answers a text/csv attachment (UTF-8 with BOM for Excel). */
const CsvFile = z.string()

export const exportAdminOrders = defineEndpoint({
  method: 'GET',
  path: '/admin/orders/export',
  summary: `The filtered orders as a CSV file (UTF-8 with BOM; at most ${ADMIN_EXPORT_MAX_ROWS} rows, newest first)`,
  tags,
  auth: 'operator',
  permission: 'exports.read',
  query: AdminOrderExportQuery,
  response: CsvFile,
})

export const exportAdminTopUps = defineEndpoint({
  method: 'GET',
  path: '/admin/topups/export',
  summary: `The filtered top-up orders as a CSV file (UTF-8 with BOM; at most ${ADMIN_EXPORT_MAX_ROWS} rows, newest first)`,
  tags,
  auth: 'operator',
  permission: 'exports.read',
  query: AdminTopUpExportQuery,
  response: CsvFile,
})

/** What the payment gateway says of a top-up order, beside what we stored. */
export const TopUpGatewayCheck = z.object({
  topUp: AdminTopUp,
  /** Null when the gateway could not be reached or does not know the order. */
  gateway: z
    .object({
      isPaid: z.boolean(),
      tradeNo: z.string().nullable(),
      /** Yuan the gateway says it took; null when it did not say. */
      cnyAmount: z.number().nullable(),
    })
    .nullable(),
  /** True when the gateway has it paid with our yuan amount and our order is not yet paid. */
  canMarkPaid: z.boolean(),
})
export type TopUpGatewayCheck = z.infer<typeof TopUpGatewayCheck>

export const MarkPaidInput = z.strictObject({ reason: text().trim().min(3).max(500) })

const topUpParams = z.strictObject({ orderNo: z.string().regex(/^T\d{8}[A-Z0-9]{10}$/) })

export const checkTopUpAtGateway = defineEndpoint({
  method: 'GET',
  path: '/admin/topups/:orderNo/gateway',
  summary: 'Ask the payment gateway about a top-up order and show what it says',
  tags,
  auth: 'operator',
  permission: 'topups.reconcile',
  params: topUpParams,
  response: TopUpGatewayCheck,
})

export const markTopUpPaid = defineEndpoint({
  method: 'POST',
  path: '/admin/topups/:orderNo/mark-paid',
  summary:
    'Credit an unpaid top-up the gateway has paid with the same yuan amount, with a reason (send an Idempotency-Key header)',
  tags,
  auth: 'operator',
  permission: 'topups.reconcile',
  params: topUpParams,
  body: MarkPaidInput,
  response: AdminTopUp,
})
