// Orders and top-up orders of every customer, as the finance pages list them.
import type { AdminOrderQuery, AdminTopUp, AdminTopUpQuery } from '@proxy/contract/admin/orders'
import { centsToAmount } from '@proxy/contract/money'
import type { Db } from '../../platform/db/client.ts'
import { findCustomer, findCustomers } from '../auth/index.ts'
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

export async function emailsOf(db: Db, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)]
  const rows = await Promise.all(unique.map((id) => findCustomer(db, id)))
  return new Map(rows.flatMap((row) => (row ? [[row.id, row.email] as const] : [])))
}

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
  const emails = await emailsOf(
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
  const emails = await emailsOf(
    db,
    rows.map((row) => row.userId),
  )
  const items = rows.map((row) => toAdminTopUp(row, emails.get(row.userId) ?? ''))
  return { items, total, page: query.page, pageSize: query.pageSize }
}
