// Orders and top-up orders of every customer, as the finance pages list them and export them.
import {
  ADMIN_EXPORT_MAX_ROWS,
  type AdminOrder,
  type AdminOrderExportQuery,
  type AdminOrderQuery,
  type AdminTopUp,
  type AdminTopUpExportQuery,
  type AdminTopUpQuery,
} from '@proxy/contract/admin/orders'
import { csvSafeRow } from '@proxy/contract/csv'
import { centsToAmount } from '@proxy/contract/money'
import { stringify } from 'csv-stringify/sync'
import type { Db } from '../../platform/db/client.ts'
import { customerEmails, findCustomer, findCustomers } from '../auth/index.ts'
import { zonedTimestamp } from '../ledger/index.ts'
import { findOrders } from '../orders/index.ts'
import { findTopUps } from '../wallet/index.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The customer a filter names (a whole id or a whole email, any case); null when none does. */
async function customerNamed(db: Db, filter: string): Promise<string | null> {
  if (UUID.test(filter)) return (await findCustomer(db, filter.toLowerCase()))?.id ?? null
  const email = filter.toLowerCase()
  const { rows } = await findCustomers(db, { q: filter, page: 1, pageSize: 100 })
  return rows.find((row) => row.email.toLowerCase() === email)?.id ?? null
}

/** The customer filter as a user id: undefined for no filter, null for a customer that does not exist. */
const userFilter = async (db: Db, customer: string | undefined) =>
  customer === undefined ? undefined : await customerNamed(db, customer)

const emptyPage = (query: { page: number; pageSize: number }) => ({
  items: [],
  total: 0,
  page: query.page,
  pageSize: query.pageSize,
})

export async function listAllOrders(db: Db, query: AdminOrderQuery) {
  const userId = await userFilter(db, query.customer)
  if (userId === null) return emptyPage(query)
  const { items, total } = await findOrders(db, { ...query, userId })
  const emails = await customerEmails(
    db,
    items.map((item) => item.userId),
  )
  return {
    items: items.map(({ userId: customerId, ...order }) => ({
      ...order,
      customerId,
      customerEmail: emails.get(customerId) ?? '',
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  }
}

type TopUpRow = Awaited<ReturnType<typeof findTopUps>>['rows'][number]

/** A stored top-up order as operators see it. */
export const toAdminTopUp = (row: TopUpRow, customerEmail: string): AdminTopUp => ({
  orderNo: row.orderNo,
  customerId: row.userId,
  customerEmail,
  amount: centsToAmount(row.amount),
  cnyAmount: centsToAmount(row.cnyAmount),
  usdCnyRate: Number(row.usdCnyRate),
  channel: row.channel,
  status: row.status,
  gatewayTradeNo: row.gatewayTradeNo,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  paidAt: row.paidAt?.toISOString() ?? null,
  closedAt: row.closedAt?.toISOString() ?? null,
})

export async function listAllTopUps(db: Db, query: AdminTopUpQuery) {
  const userId = await userFilter(db, query.customer)
  if (userId === null) return emptyPage(query)
  const { rows, total } = await findTopUps(db, { ...query, userId })
  const emails = await customerEmails(
    db,
    rows.map((row) => row.userId),
  )
  const items = rows.map((row) => toAdminTopUp(row, emails.get(row.userId) ?? ''))
  return { items, total, page: query.page, pageSize: query.pageSize }
}

// CSV exports of the two lists (finance's `exports.read`): the list's filters, every matching row up to
// the cap, newest first. English headers (operators have no language on the server); UTF-8 with a BOM
// for Excel, like the customer's billing export; times in UTC with the offset written out; a cell a
// customer controls (an email) that starts like a formula is neutralised (the contract's csv rule).

const ORDER_HEADERS = [
  'Order number',
  'Customer email',
  'Customer ID',
  'Kind',
  'Items',
  'Total (USD)',
  'Status',
  'Created at',
]
const TOPUP_HEADERS = [
  'Order number',
  'Customer email',
  'Amount (USD)',
  'Amount (CNY)',
  'USD/CNY rate',
  'Channel',
  'Status',
  'Gateway trade number',
  'Created at',
  'Paid at',
]

/** `2025-01-31 09:05:00 +00:00`: an instant in UTC with its offset (operators keep no zone on the server). */
const inUtc = zonedTimestamp('UTC')
const utcTimestamp = (iso: string | null) => (iso === null ? '' : inUtc(new Date(iso)))

const money = (dollars: number) => dollars.toFixed(2)

const toCsv = (headers: string[], records: string[][]) =>
  `\uFEFF${stringify([headers, ...records.map(csvSafeRow)])}`

/** What an order bought, in one line: `Static IP × 2 · us-west · socks5 · 30 days`. */
function itemSummary(order: AdminOrder): string {
  const product = order.kind === 'traffic' ? 'Traffic package' : 'Static IP'
  const days = `${order.durationDays} day${order.durationDays === 1 ? '' : 's'}`
  return [`${product} × ${order.quantity}`, order.regionId, order.protocol, days]
    .filter((part): part is string => Boolean(part))
    .join(' · ')
}

const allRows = { page: 1, pageSize: ADMIN_EXPORT_MAX_ROWS }

type Export = { csv: string; rows: number }

export async function exportAllOrders(db: Db, filter: AdminOrderExportQuery): Promise<Export> {
  const { items } = await listAllOrders(db, { ...filter, ...allRows })
  const records = items.map((order) => [
    order.orderNo,
    order.customerEmail,
    order.customerId,
    order.kind,
    itemSummary(order),
    money(order.total),
    order.status,
    utcTimestamp(order.createdAt),
  ])
  return { csv: toCsv(ORDER_HEADERS, records), rows: records.length }
}

export async function exportAllTopUps(db: Db, filter: AdminTopUpExportQuery): Promise<Export> {
  const { items } = await listAllTopUps(db, { ...filter, ...allRows })
  const records = items.map((topUp) => [
    topUp.orderNo,
    topUp.customerEmail,
    money(topUp.amount),
    money(topUp.cnyAmount),
    String(topUp.usdCnyRate),
    topUp.channel,
    topUp.status,
    topUp.gatewayTradeNo ?? '',
    utcTimestamp(topUp.createdAt),
    utcTimestamp(topUp.paidAt),
  ])
  return { csv: toCsv(TOPUP_HEADERS, records), rows: records.length }
}
