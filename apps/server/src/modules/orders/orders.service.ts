import { centsToAmount } from '@proxy/contract/money'
import type { Order, OrderListQuery } from '@proxy/contract/orders/endpoints'
import type { Instance } from '@proxy/contract/static-ip/instances'
import type { IpReplacement } from '@proxy/contract/static-ip/replacement'
import { and, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db/client.ts'
import { rowsOf } from '../../platform/db/sql.ts'
import { AppError } from '../../platform/errors.ts'
import { orderInstances, orders } from './orders.schema.ts'

type OrderRow = typeof orders.$inferSelect

export const toOrder = (row: OrderRow): Order => ({
  orderNo: row.orderNo,
  kind: row.kind,
  status: row.status,
  regionId: row.regionId,
  quantity: row.quantity,
  durationDays: row.durationDays,
  protocol: row.protocol,
  unitPrice: centsToAmount(row.unitPrice),
  discount: row.discountPercent,
  total: centsToAmount(row.total),
  createdAt: row.createdAt.toISOString(),
})

export async function listOrders(db: Db, userId: string, query: OrderListQuery) {
  const where = and(
    eq(orders.userId, userId),
    query.kind ? eq(orders.kind, query.kind) : undefined,
    query.product === 'traffic' ? eq(orders.kind, 'traffic') : undefined,
    query.product === 'static-ip' ? inArray(orders.kind, ['new', 'renewal']) : undefined,
    query.status ? eq(orders.status, query.status) : undefined,
  )
  const { rows, total } = await pageOfOrders(db, where, query)
  return { items: rows.map(toOrder), total, page: query.page, pageSize: query.pageSize }
}

async function pageOfOrders(db: Db, where: SQL | undefined, page: { page: number; pageSize: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.orderNo))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ value: count() }).from(orders).where(where),
  ])
  return { rows, total: total?.value ?? 0 }
}

/** Orders of every customer (or one), newest first, for the operator console; each with its customer id. */
export async function findOrders(
  db: Db,
  query: {
    userId?: string
    kind?: Order['kind']
    from?: string
    to?: string
    orderNo?: string
    page: number
    pageSize: number
  },
): Promise<{ items: (Order & { userId: string })[]; total: number }> {
  const where = and(
    query.orderNo ? eq(orders.orderNo, query.orderNo.toUpperCase()) : undefined,
    query.userId ? eq(orders.userId, query.userId) : undefined,
    query.kind ? eq(orders.kind, query.kind) : undefined,
    query.from ? gte(orders.createdAt, new Date(query.from)) : undefined,
    query.to ? lte(orders.createdAt, new Date(query.to)) : undefined,
  )
  const { rows, total } = await pageOfOrders(db, where, query)
  return { items: rows.map((row) => ({ ...toOrder(row), userId: row.userId })), total }
}

/** The instances with these ids, oldest first (the static-IP module answers; app.ts hands it in). */
export type InstancesReader = (db: Db, ids: string[]) => Promise<Instance[]>

/** The customer's address replacements recorded for an order, newest first (static-ip answers; app.ts hands it in). */
export type ReplacementsReader = (db: Db, userId: string, orderNo: string) => Promise<IpReplacement[]>

export async function getOrder(
  db: Db,
  userId: string,
  orderNo: string,
  readers: { instancesOf: InstancesReader; replacementsOf: ReplacementsReader },
) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNo, orderNo), eq(orders.userId, userId)))
  if (!order) throw new AppError('NOT_FOUND')
  const links = await db
    .select({ id: orderInstances.instanceId })
    .from(orderInstances)
    .where(eq(orderInstances.orderNo, orderNo))
  const instances =
    links.length > 0
      ? await readers.instancesOf(
          db,
          links.map((link) => link.id),
        )
      : []
  const replacements = order.kind === 'new' ? await readers.replacementsOf(db, userId, orderNo) : []
  return { order: toOrder(order), instances, replacements }
}

type PaidOrderValues = Omit<typeof orders.$inferInsert, 'status' | 'createdAt'>

/** The order and the instances it covers, as CTEs (`ordered`, which answers created_at, and `ordered_lines`). */
const orderCtes = (v: PaidOrderValues, instanceIds: string[]) => sql`ordered as (
    insert into orders (order_no, user_id, kind, region_id, quantity, duration_days, protocol, unit_price,
      discount_percent, total)
    values (${v.orderNo}::text, ${v.userId}::uuid, ${v.kind}::text, ${v.regionId ?? null}::text,
      ${v.quantity}::int, ${v.durationDays}::int, ${v.protocol ?? null}::text, ${v.unitPrice}::bigint,
      ${v.discountPercent}::int, ${v.total}::bigint)
    returning order_no, created_at
  ), ordered_lines as (
    insert into order_instances (order_no, instance_id)
    select (select order_no from ordered), line.id from unnest(${sql.param(instanceIds)}::uuid[]) as line(id)
  )`

/** The order as it reads once written at `at`. */
const paidOrderOf = (v: PaidOrderValues, at: Date): Order =>
  toOrder({ ...v, regionId: v.regionId ?? null, protocol: v.protocol ?? null, status: 'paid', createdAt: at })

/**
 * Records a paid order (and the instances it covers) inside the caller's money transaction, in one
 * statement: the one place any product writes its order.
 */
export async function placePaidOrder(
  tx: Tx,
  values: PaidOrderValues,
  instanceIds: string[] = [],
): Promise<Order> {
  const [row] = rowsOf<{ created_at: Date | string }>(
    await tx.execute(sql`with ${orderCtes(values, instanceIds)} select created_at from ordered`),
  )
  if (!row) throw new Error(`order ${values.orderNo} not created`)
  return paidOrderOf(values, new Date(row.created_at))
}

/**
 * placePaidOrder() as CTEs of the caller's statement, for a hot path that moves its money in one
 * statement; `at` is the transaction's now(), which the order's created_at takes. Answers the
 * fragment and the order as it will read.
 */
export function paidOrderCtes(values: PaidOrderValues, instanceIds: string[], at: Date) {
  return { ctes: orderCtes(values, instanceIds), order: paidOrderOf(values, at) }
}

/** What an order charged, as stored (cents), for refunds: one order by number. */
export async function paidOrder(db: Db | Tx, orderNo: string) {
  const [row] = await db.select().from(orders).where(eq(orders.orderNo, orderNo))
  return row
}

/** The orders that bought or renewed an instance, newest first (the current term's order first). */
export async function ordersOfInstance(db: Db | Tx, instanceId: string) {
  return db
    .select({
      orderNo: orders.orderNo,
      userId: orders.userId,
      kind: orders.kind,
      durationDays: orders.durationDays,
      unitPrice: orders.unitPrice,
      createdAt: orders.createdAt,
    })
    .from(orderInstances)
    .innerJoin(orders, eq(orders.orderNo, orderInstances.orderNo))
    .where(eq(orderInstances.instanceId, instanceId))
    .orderBy(desc(orders.createdAt), desc(orders.orderNo))
}

/** Cents of the paid orders placed since `since`, per UTC day (`YYYY-MM-DD`; days without orders are absent). */
export async function paidOrderCentsByDay(db: Db, since: Date) {
  const day = sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`
  const rows = await db
    .select({ day, cents: sql<string>`sum(${orders.total})` })
    .from(orders)
    .where(and(eq(orders.status, 'paid'), gte(orders.createdAt, since)))
    .groupBy(day)
  return rows.map((row) => ({ day: row.day, cents: Number(row.cents) }))
}
