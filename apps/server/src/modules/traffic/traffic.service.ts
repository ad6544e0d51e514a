// Traffic plans, purchases and the traffic account. The account is enabled exactly while an
// unexpired package has bytes left, so its status is derived, never stored out of step.
import { randomBytes } from 'node:crypto'
import { bytesToWire } from '@proxy/contract/bytes'
import { amountToCents, centsToAmount } from '@proxy/contract/money'
import { GB, type TrafficAccount, type TrafficPackage } from '@proxy/contract/traffic/endpoints'
import type { TrafficOrderInput, TrafficPurchaseInput, TrafficQuote } from '@proxy/contract/traffic/purchase'
import {
  and,
  asc,
  count,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  notExists,
  or,
  sql,
} from 'drizzle-orm'
import type { Config } from '../../platform/config.ts'
import { type Db, inTransaction, type Tx } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { newOrderNo } from '../../platform/order-no.ts'
import { type MoneyContext, settled } from '../idempotency/index.ts'
import { chargeWallet, walletBalance } from '../ledger/index.ts'
import { placePaidOrder } from '../orders/index.ts'
import { trafficAccounts, trafficPackages, trafficPlans } from './traffic.schema.ts'

const DAY_MS = 24 * 3600 * 1000
const secret = (length: number) => randomBytes(length).toString('base64url').slice(0, length)

export async function listPlans(db: Db) {
  const rows = await db
    .select()
    .from(trafficPlans)
    .where(eq(trafficPlans.isActive, true))
    .orderBy(asc(trafficPlans.sortOrder), asc(trafficPlans.id))
  return {
    plans: rows.map((plan) => ({
      id: plan.id,
      name: plan.name,
      nameEn: plan.nameEn,
      sizeBytes: bytesToWire(plan.sizeBytes),
      validityDays: plan.validityDays,
      price: centsToAmount(plan.price),
      pricePerGb: Math.round((plan.price / (bytesToWire(plan.sizeBytes) / GB)) * 100) / 10_000,
    })),
  }
}

type PackageRow = typeof trafficPackages.$inferSelect
const isLive = (row: PackageRow, now = Date.now()) => row.status === 'active' && row.expiresAt.getTime() > now

const toPackage = (row: PackageRow): TrafficPackage => ({
  id: row.id,
  planName: row.planName,
  totalBytes: bytesToWire(row.totalBytes),
  usedBytes: bytesToWire(row.usedBytes),
  remainingBytes: bytesToWire(row.totalBytes - row.usedBytes),
  // An expired package reads as expired even before the job has marked it.
  status: row.status === 'active' && !isLive(row) ? 'expired' : row.status,
  purchasedAt: row.purchasedAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  orderNo: row.orderNo,
})

/** Every customer gets one traffic account, created the first time it is needed. */
async function ensureAccount(db: Db | Tx, userId: string) {
  await db
    .insert(trafficAccounts)
    .values({
      userId,
      username: `t${secret(10)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '0')}`,
      password: secret(16),
    })
    .onConflictDoNothing({ target: trafficAccounts.userId })
  const [account] = await db.select().from(trafficAccounts).where(eq(trafficAccounts.userId, userId))
  if (!account) throw new Error('traffic account not created')
  return account
}

/** Bytes left in the customer's live packages (bigint: convert with bytesToWire to report it). */
export async function remainingBytes(db: Db | Tx, userId: string): Promise<bigint> {
  const left = sql`coalesce(sum(${trafficPackages.totalBytes} - ${trafficPackages.usedBytes}), 0)::bigint`
  const [row] = await db
    // int8 arrives as a string from pg, as a number or bigint from PGlite: BigInt takes each.
    .select({ value: left.mapWith(BigInt) })
    .from(trafficPackages)
    .where(
      and(
        eq(trafficPackages.userId, userId),
        eq(trafficPackages.status, 'active'),
        gt(trafficPackages.expiresAt, sql`now()`),
      ),
    )
  return row?.value ?? 0n
}

/** Whether the customer ever bought a traffic package: a paused account means something only after one. */
export async function hasBoughtTraffic(db: Db | Tx, userId: string): Promise<boolean> {
  return (await db.$count(trafficPackages, eq(trafficPackages.userId, userId))) > 0
}

export async function listPackages(
  db: Db,
  userId: string,
  query: { page: number; pageSize: number; status?: TrafficPackage['status'] },
) {
  const live = and(eq(trafficPackages.status, 'active'), gt(trafficPackages.expiresAt, sql`now()`))
  const statusFilter =
    query.status === 'active'
      ? live
      : query.status === 'expired'
        ? sql`(${trafficPackages.status} = 'expired' or (${trafficPackages.status} = 'active' and ${trafficPackages.expiresAt} <= now()))`
        : query.status
          ? eq(trafficPackages.status, query.status)
          : undefined
  const where = and(eq(trafficPackages.userId, userId), statusFilter)
  const [rows, [total], [active]] = await Promise.all([
    db
      .select()
      .from(trafficPackages)
      .where(where)
      .orderBy(asc(trafficPackages.expiresAt), asc(trafficPackages.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(trafficPackages).where(where),
    db
      .select({ count: count(), nextExpiry: sql<Date | null>`min(${trafficPackages.expiresAt})` })
      .from(trafficPackages)
      .where(and(eq(trafficPackages.userId, userId), live)),
  ])
  const nextExpiry = active?.nextExpiry ? new Date(active.nextExpiry).toISOString() : null
  return {
    items: rows.map(toPackage),
    total: total?.value ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    summary: {
      remainingBytes: bytesToWire(await remainingBytes(db, userId)),
      activeCount: active?.count ?? 0,
      nextExpiry,
    },
  }
}

export function createTrafficAccounts(db: Db, config: Pick<Config, 'TRAFFIC_GATEWAY_HOST'>) {
  const endpoints = [
    { host: config.TRAFFIC_GATEWAY_HOST, port: 1080, protocol: 'socks5' as const },
    { host: config.TRAFFIC_GATEWAY_HOST, port: 8080, protocol: 'http' as const },
  ]
  async function view(userId: string): Promise<TrafficAccount> {
    const account = await ensureAccount(db, userId)
    const remaining = await remainingBytes(db, userId)
    return {
      username: account.username,
      password: account.password,
      status: remaining > 0n ? 'enabled' : 'disabled',
      remainingBytes: bytesToWire(remaining),
      endpoints,
    }
  }
  return {
    view,
    async resetPassword(userId: string) {
      await ensureAccount(db, userId)
      await db
        .update(trafficAccounts)
        .set({ password: secret(16) })
        .where(eq(trafficAccounts.userId, userId))
      return view(userId)
    },
  }
}

async function activePlan(db: Db | Tx, planId: string) {
  const [plan] = await db
    .select()
    .from(trafficPlans)
    .where(and(eq(trafficPlans.id, planId), eq(trafficPlans.isActive, true)))
  if (!plan) throw new AppError('PLAN_UNAVAILABLE')
  return plan
}

/** What an order would cost and add, priced in cents exactly as the purchase charges it. */
export async function quoteTraffic(db: Db, userId: string, input: TrafficOrderInput): Promise<TrafficQuote> {
  const plan = await activePlan(db, input.planId)
  const total = plan.price * input.quantity
  const balance = await walletBalance(db, userId)
  return {
    unitPrice: centsToAmount(plan.price),
    quantity: input.quantity,
    totalBytes: bytesToWire(plan.sizeBytes * BigInt(input.quantity)),
    validityDays: plan.validityDays,
    total: centsToAmount(total),
    balance: centsToAmount(balance),
    shortfall: centsToAmount(Math.max(0, total - balance)),
  }
}

/** One transaction: the wallet pays through the ledger, the order and packages are written. */
export async function purchaseTraffic(
  db: Db,
  userId: string,
  input: TrafficPurchaseInput,
  context: MoneyContext,
) {
  return inTransaction(db, async (tx) => {
    const plan = await activePlan(tx, input.planId)
    const total = plan.price * input.quantity
    // Confirmed against an older quote (the operator changed the plan's price since): nothing is charged.
    if (input.expectedTotal !== undefined && amountToCents(input.expectedTotal) !== total)
      throw new AppError('PRICE_CHANGED')
    const orderNo = newOrderNo('F')
    await chargeWallet(
      tx,
      {
        userId,
        amount: total,
        kind: 'purchase',
        about: {
          key: 'traffic-purchase',
          params: { plan: plan.name, planEn: plan.nameEn, quantity: input.quantity },
        },
        reference: orderNo,
      },
      context,
    )
    const order = await placePaidOrder(tx, {
      orderNo,
      userId,
      kind: 'traffic',
      quantity: input.quantity,
      durationDays: plan.validityDays,
      unitPrice: plan.price,
      discountPercent: 0,
      total,
    })
    const expiresAt = new Date(Date.now() + plan.validityDays * DAY_MS)
    const packages = await tx
      .insert(trafficPackages)
      .values(
        Array.from({ length: input.quantity }, () => ({
          userId,
          planId: plan.id,
          planName: plan.name,
          orderNo,
          totalBytes: plan.sizeBytes,
          expiresAt,
        })),
      )
      .returning()
    await ensureAccount(tx, userId)
    return settled(tx, context, { order, packages: packages.map(toPackage) })
  })
}

/**
 * Marks packages past their expiry as expired. A customer whose last bytes expired with them has
 * run out, like one who used them up: the account is flagged for the exhaustion reminder.
 */
export async function expirePackages(db: Db, now = new Date()): Promise<number> {
  return inTransaction(db, async (tx) => {
    const expired = await tx
      .update(trafficPackages)
      .set({ status: 'expired' })
      .where(and(eq(trafficPackages.status, 'active'), lte(trafficPackages.expiresAt, now)))
      .returning({
        userId: trafficPackages.userId,
        hasBytesLeft: sql<boolean>`${trafficPackages.usedBytes} < ${trafficPackages.totalBytes}`,
      })
    const lostBytes = [...new Set(expired.filter((row) => row.hasBytesLeft).map((row) => row.userId))]
    if (lostBytes.length > 0)
      await tx
        .update(trafficAccounts)
        .set({ exhaustedAt: now })
        .where(
          and(
            inArray(trafficAccounts.userId, lostBytes),
            notExists(
              tx
                .select({ id: trafficPackages.id })
                .from(trafficPackages)
                .where(
                  and(
                    eq(trafficPackages.userId, trafficAccounts.userId),
                    eq(trafficPackages.status, 'active'),
                    gt(trafficPackages.expiresAt, now),
                    lt(trafficPackages.usedBytes, trafficPackages.totalBytes),
                  ),
                ),
            ),
          ),
        )
    return expired.length
  })
}

/** Puts these plans on sale when there are none yet (the demo seed). */
export async function addPlansIfNone(db: Db, plans: (typeof trafficPlans.$inferInsert)[]) {
  const [existing] = await db.select({ value: count() }).from(trafficPlans)
  if ((existing?.value ?? 0) === 0) await db.insert(trafficPlans).values(plans).onConflictDoNothing()
}

/**
 * Claims the packages past `percent` used that were not reminded yet (UPDATE … RETURNING, so two
 * replicas never both claim one) and answers them.
 */
export async function claimPackagesPastPercent(db: Db, now: Date, percent: number) {
  return db
    .update(trafficPackages)
    .set({ reminded80At: now })
    .where(
      and(
        isNull(trafficPackages.reminded80At),
        ne(trafficPackages.status, 'expired'),
        sql`${trafficPackages.usedBytes} * 100 >= ${trafficPackages.totalBytes} * ${percent}`,
      ),
    )
    .returning()
}

/** Claims the accounts that ran out since they were last reminded, and answers their ids. */
export async function claimExhaustedAccounts(db: Db, now: Date) {
  return db
    .update(trafficAccounts)
    .set({ exhaustedRemindedAt: now })
    .where(
      and(
        isNotNull(trafficAccounts.exhaustedAt),
        or(
          isNull(trafficAccounts.exhaustedRemindedAt),
          lt(trafficAccounts.exhaustedRemindedAt, trafficAccounts.exhaustedAt),
        ),
      ),
    )
    .returning({ userId: trafficAccounts.userId })
}

/** Bytes of the traffic packages bought since `since`, all customers together. */
export async function packageBytesSoldSince(db: Db, since: Date): Promise<bigint> {
  const [row] = await db
    .select({ bytes: sql<string | null>`sum(${trafficPackages.totalBytes})` })
    .from(trafficPackages)
    .where(sql`${trafficPackages.purchasedAt} >= ${since.toISOString()}::timestamptz`)
  return BigInt(row?.bytes ?? 0)
}
