import { centsToAmount } from '@proxy/contract/money'
import type { Order, OrderListQuery } from '@proxy/contract/orders/endpoints'
import { and, count, desc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { selectInstances, toInstance } from '../static-ip/instances.service.ts'
import { proxyInstances } from '../static-ip/static-ip.schema.ts'
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
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.orderNo))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(orders).where(where),
  ])
  return { items: rows.map(toOrder), total: total?.value ?? 0, page: query.page, pageSize: query.pageSize }
}

export async function getOrder(db: Db, userId: string, orderNo: string) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNo, orderNo), eq(orders.userId, userId)))
  if (!order) throw new AppError('NOT_FOUND')
  const instances = await selectInstances(db, eq(orderInstances.orderNo, orderNo))
    .innerJoin(orderInstances, eq(orderInstances.instanceId, proxyInstances.id))
    .orderBy(proxyInstances.createdAt)
  return { order: toOrder(order), instances: instances.map(toInstance) }
}
