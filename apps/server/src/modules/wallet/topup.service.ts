// Top-up orders. Only a verified gateway answer credits (the notify, or our own query of the
// gateway); the amount credited always comes from our order row.
import { amountToCents, centsToAmount, cnyFenFor } from '@proxy/contract/money'
import {
  type CreateTopUpInput,
  TOPUP_TTL_MINUTES,
  type TopUpListQuery,
  type TopUpOrder,
} from '@proxy/contract/wallet/topups'
import { and, count, desc, eq, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm'
import { type Db, inTransaction, type Tx } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { newOrderNo } from '../../platform/order-no.ts'
import { claimed, type MoneyContext, settled } from '../idempotency/index.ts'
import { postLedgerTransaction, systemAccountId, walletAccountId } from '../ledger/index.ts'
import type { PaymentGateway } from '../payments/index.ts'
import { topupOrders } from './topup.schema.ts'

type OrderRow = typeof topupOrders.$inferSelect

// Customers poll the order while they pay; the gateway is asked at most this often per order.
const RECHECK_AFTER_MS = 5000

const isPayable = (row: OrderRow) => row.status === 'pending' && row.expiresAt.getTime() > Date.now()

function toView(row: OrderRow, gateway: PaymentGateway | null): TopUpOrder {
  return {
    orderNo: row.orderNo,
    amount: centsToAmount(row.amount),
    cnyAmount: centsToAmount(row.cnyAmount),
    usdCnyRate: Number(row.usdCnyRate),
    channel: row.channel,
    status: row.status,
    payUrl:
      gateway && isPayable(row)
        ? gateway.payUrl({
            orderNo: row.orderNo,
            amount: row.cnyAmount,
            channel: row.channel,
            name: orderName(row.amount),
          })
        : null,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
  }
}

const orderName = (cents: number) => `账户充值 $${centsToAmount(cents).toFixed(2)}`

async function pageOfTopUps(db: Db, where: SQL | undefined, page: { page: number; pageSize: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(topupOrders)
      .where(where)
      .orderBy(desc(topupOrders.createdAt), desc(topupOrders.orderNo))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ value: count() }).from(topupOrders).where(where),
  ])
  return { rows, total: total?.value ?? 0 }
}

/** Top-up orders of every customer (or one), newest first, as stored: for the operator console. */
export function findTopUps(
  db: Db,
  query: {
    userId?: string
    status?: OrderRow['status']
    channel?: OrderRow['channel']
    orderNo?: string
    page: number
    pageSize: number
  },
) {
  const where = and(
    query.userId ? eq(topupOrders.userId, query.userId) : undefined,
    query.status ? eq(topupOrders.status, query.status) : undefined,
    query.channel ? eq(topupOrders.channel, query.channel) : undefined,
    query.orderNo ? eq(topupOrders.orderNo, query.orderNo.toUpperCase()) : undefined,
  )
  return pageOfTopUps(db, where, query)
}

export function createTopUpService(db: Db, gateway: PaymentGateway | null, usdCnyRate: number) {
  async function findOwn(userId: string, orderNo: string): Promise<OrderRow> {
    const [row] = await db
      .select()
      .from(topupOrders)
      .where(and(eq(topupOrders.orderNo, orderNo), eq(topupOrders.userId, userId)))
    if (!row) throw new AppError('NOT_FOUND')
    return row
  }

  /**
   * Marks the order paid and credits the wallet, once, whatever state it had reached. `alongside`
   * runs in the same transaction after the credit (an operator's audit row and answer).
   */
  async function credit(
    orderNo: string,
    tradeNo: string,
    context: MoneyContext,
    alongside?: (tx: Tx, before: OrderRow, after: OrderRow) => Promise<void>,
  ): Promise<'credited' | 'already paid'> {
    return inTransaction(db, async (tx) => {
      await claimed(tx, context)
      const [before] = await tx
        .select()
        .from(topupOrders)
        .where(eq(topupOrders.orderNo, orderNo))
        .for('update')
      const [order] = await tx
        .update(topupOrders)
        .set({ status: 'paid', paidAt: sql`now()`, gatewayTradeNo: tradeNo })
        .where(and(eq(topupOrders.orderNo, orderNo), ne(topupOrders.status, 'paid')))
        .returning()
      if (!order) return 'already paid'
      await postLedgerTransaction(tx, {
        kind: 'topup',
        about: { key: 'topup', params: { channel: order.channel } },
        reference: order.orderNo,
        entries: [
          { accountId: await systemAccountId(tx, 'gateway_clearing'), amount: -order.amount },
          { accountId: await walletAccountId(tx, order.userId), amount: order.amount },
        ],
        context,
      })
      if (alongside && before) await alongside(tx, before, order)
      return 'credited'
    })
  }

  /** Asks the gateway about an order we have not seen paid; credits it when the gateway says so. */
  async function reconcile(row: OrderRow, context: MoneyContext): Promise<boolean> {
    if (!gateway || row.status === 'paid') return false
    await db.update(topupOrders).set({ checkedAt: sql`now()` }).where(eq(topupOrders.orderNo, row.orderNo))
    const trade = await gateway.queryOrder(row.orderNo)
    if (!trade?.isPaid || !trade.tradeNo || trade.amount !== row.cnyAmount) return false
    await credit(row.orderNo, trade.tradeNo, context)
    return true
  }

  return {
    credit,
    reconcile,

    /** What the gateway says of an order, for an operator (null: unreachable or unknown to it). */
    async askGateway(orderNo: string) {
      if (!gateway) throw new AppError('PAYMENTS_UNAVAILABLE')
      return gateway.queryOrder(orderNo)
    },

    /** One top-up order as stored, for the payment callbacks (which know only its number). */
    async find(orderNo: string) {
      const [row] = await db.select().from(topupOrders).where(eq(topupOrders.orderNo, orderNo))
      return row
    },

    async create(userId: string, input: CreateTopUpInput, context: MoneyContext): Promise<TopUpOrder> {
      if (!gateway) throw new AppError('PAYMENTS_UNAVAILABLE')
      const expiresAt = new Date(Date.now() + TOPUP_TTL_MINUTES * 60 * 1000)
      const cents = amountToCents(input.amount)
      return inTransaction(db, async (tx) => {
        await claimed(tx, context)
        const [row] = await tx
          .insert(topupOrders)
          .values({
            orderNo: newOrderNo('T'),
            userId,
            amount: cents,
            // The rate is fixed here: the customer pays what the checkout showed, whatever it becomes.
            cnyAmount: cnyFenFor(cents, usdCnyRate),
            usdCnyRate: usdCnyRate.toFixed(4),
            channel: input.channel,
            expiresAt,
          })
          .returning()
        if (!row) throw new Error('top-up order not created')
        return settled(tx, context, toView(row, gateway))
      })
    },

    async get(userId: string, orderNo: string, context: MoneyContext): Promise<TopUpOrder> {
      let row = await findOwn(userId, orderNo)
      const isStale = !row.checkedAt || Date.now() - row.checkedAt.getTime() > RECHECK_AFTER_MS
      if (row.status === 'pending' && isStale && (await reconcile(row, context)))
        row = await findOwn(userId, orderNo)
      return toView(row, gateway)
    },

    async list(userId: string, query: TopUpListQuery) {
      const where = and(
        eq(topupOrders.userId, userId),
        query.status ? eq(topupOrders.status, query.status) : undefined,
      )
      const { rows, total } = await pageOfTopUps(db, where, query)
      return { items: rows.map((row) => toView(row, gateway)), total, ...query }
    },

    async cancel(userId: string, orderNo: string): Promise<TopUpOrder> {
      const [row] = await db
        .update(topupOrders)
        .set({ status: 'cancelled', closedAt: sql`now()` })
        .where(
          and(
            eq(topupOrders.orderNo, orderNo),
            eq(topupOrders.userId, userId),
            eq(topupOrders.status, 'pending'),
          ),
        )
        .returning()
      if (row) return toView(row, gateway)
      await findOwn(userId, orderNo)
      throw new AppError('TOPUP_NOT_PENDING')
    },

    /**
     * Job: closes pending orders past their expiry, after asking the gateway one last time so a
     * paid order is never closed unpaid. Rows are claimed with SKIP LOCKED, so replicas share the work.
     */
    async closeExpired(now = new Date(), batch = 50): Promise<{ closed: number; credited: number }> {
      const claimed = await db.transaction(async (tx) => {
        const due = await tx
          .select({ orderNo: topupOrders.orderNo })
          .from(topupOrders)
          .where(
            and(
              eq(topupOrders.status, 'pending'),
              lt(topupOrders.expiresAt, now),
              or(
                isNull(topupOrders.checkedAt),
                lt(topupOrders.checkedAt, sql`now() - interval '30 seconds'`),
              ),
            ),
          )
          .orderBy(topupOrders.expiresAt)
          .limit(batch)
          .for('update', { skipLocked: true })
        if (due.length === 0) return []
        return tx
          .update(topupOrders)
          .set({ checkedAt: sql`now()` })
          .where(
            inArray(
              topupOrders.orderNo,
              due.map((row) => row.orderNo),
            ),
          )
          .returning()
      })
      let closed = 0
      let credited = 0
      for (const row of claimed) {
        if (await reconcile(row, { actor: 'job:close-topups' })) credited++
        else {
          const updated = await db
            .update(topupOrders)
            .set({ status: 'closed', closedAt: sql`now()` })
            .where(and(eq(topupOrders.orderNo, row.orderNo), eq(topupOrders.status, 'pending')))
            .returning({ orderNo: topupOrders.orderNo })
          closed += updated.length
        }
      }
      return { closed, credited }
    },
  }
}

export type TopUpService = ReturnType<typeof createTopUpService>

/** Cents credited by the top-ups paid since `since`, per UTC day of payment (days without any are absent). */
export async function creditedTopUpCentsByDay(db: Db, since: Date) {
  const paidDay = sql<string>`to_char(${topupOrders.paidAt} at time zone 'UTC', 'YYYY-MM-DD')`
  const credited = await db
    .select({ day: paidDay, cents: sql<string>`sum(${topupOrders.amount})` })
    .from(topupOrders)
    .where(
      and(eq(topupOrders.status, 'paid'), sql`${topupOrders.paidAt} >= ${since.toISOString()}::timestamptz`),
    )
    .groupBy(paidDay)
  return credited.map(({ day, cents }) => ({ day, cents: Number(cents) }))
}
