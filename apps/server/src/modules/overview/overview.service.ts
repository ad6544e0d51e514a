// The overview cards in one answer: a handful of indexed counts rather than five list calls.
import { bytesToWire } from '@proxy/contract/bytes'
import { centsToAmount } from '@proxy/contract/money'
import { OVERVIEW_EXPIRING_DAYS, type OverviewSummary } from '@proxy/contract/overview/endpoints'
import { and, count, eq, gt, isNull, lte, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { wallets } from '../ledger/ledger.schema.ts'
import { notices } from '../notices/notices.schema.ts'
import { proxyInstances } from '../static-ip/static-ip.schema.ts'
import { remainingBytes } from '../traffic/index.ts'

export async function overviewSummary(db: Db, userId: string): Promise<OverviewSummary> {
  const active = and(eq(proxyInstances.userId, userId), eq(proxyInstances.status, 'active'))
  const [[wallet], [instances], [unread], trafficRemainingBytes] = await Promise.all([
    db.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.userId, userId)),
    db
      .select({
        active: count(),
        expiring: sql<number>`count(*) filter (where ${lte(
          proxyInstances.expiresAt,
          sql`now() + make_interval(days => ${OVERVIEW_EXPIRING_DAYS})`,
        )})`.mapWith(Number),
      })
      .from(proxyInstances)
      .where(and(active, gt(proxyInstances.expiresAt, sql`now()`))),
    db
      .select({ value: count() })
      .from(notices)
      .where(and(eq(notices.userId, userId), isNull(notices.readAt))),
    remainingBytes(db, userId),
  ])
  return {
    balance: centsToAmount(wallet?.balance ?? 0),
    activeInstances: instances?.active ?? 0,
    expiringInstances: instances?.expiring ?? 0,
    trafficRemainingBytes: bytesToWire(trafficRemainingBytes),
    trafficAccountStatus: trafficRemainingBytes > 0n ? 'enabled' : 'disabled',
    unreadNotices: unread?.value ?? 0,
  }
}
