// The traffic packages a customer bought: their list, the bytes left, and the bytes sold (the
// operators' dashboard).
import { bytesToWire } from '@proxy/contract/bytes'
import type { TrafficPackage } from '@proxy/contract/traffic/endpoints'
import { and, asc, count, eq, gt, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db/client.ts'
import { trafficPackages } from './traffic.schema.ts'

type PackageRow = typeof trafficPackages.$inferSelect
const isLive = (row: PackageRow, now = Date.now()) => row.status === 'active' && row.expiresAt.getTime() > now

export const toPackage = (row: PackageRow): TrafficPackage => ({
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

/** Bytes of the traffic packages bought since `since`, all customers together. */
export async function packageBytesSoldSince(db: Db, since: Date): Promise<bigint> {
  const [row] = await db
    .select({ bytes: sql<string | null>`sum(${trafficPackages.totalBytes})` })
    .from(trafficPackages)
    .where(sql`${trafficPackages.purchasedAt} >= ${since.toISOString()}::timestamptz`)
  return BigInt(row?.bytes ?? 0)
}
