// What every proxy node serves of the traffic accounts: those with bytes left in live packages, with
// the bytes left. Read inside the node pull's snapshot.
import { bytesToWire, MAX_WIRE_BYTES } from '@proxy/contract/bytes'
import { and, asc, eq, gt, sql } from 'drizzle-orm'
import type { Tx } from '../../platform/db/client.ts'
import { anyUuid } from '../../platform/db/sql.ts'
import { isNotSuspended } from '../auth/index.ts'
import { trafficAccounts, trafficPackages } from './traffic.schema.ts'

/** Accounts (these only, when given) of customers not suspended with bytes left in live packages, and how many. */
export async function accountsWithBytesLeft(tx: Tx, ids?: string[]) {
  const rows = await tx
    .select({
      id: trafficAccounts.userId,
      username: trafficAccounts.username,
      password: trafficAccounts.password,
      // Capped at the exact-number bound: a node enforcing 9 PB is enforcing nothing smaller.
      remaining: sql`least(sum(${trafficPackages.totalBytes} - ${trafficPackages.usedBytes}), ${sql.raw(
        MAX_WIRE_BYTES.toString(),
      )})::bigint`.mapWith(BigInt),
    })
    .from(trafficAccounts)
    .innerJoin(trafficPackages, eq(trafficPackages.userId, trafficAccounts.userId))
    .where(
      and(
        eq(trafficPackages.status, 'active'),
        gt(trafficPackages.expiresAt, sql`now()`),
        sql`${trafficPackages.usedBytes} < ${trafficPackages.totalBytes}`,
        // A suspended customer's account is served by no node.
        isNotSuspended(trafficAccounts.userId),
        ids ? sql`${trafficAccounts.userId} = ${anyUuid(ids)}` : undefined,
      ),
    )
    .groupBy(trafficAccounts.userId)
    .orderBy(asc(trafficAccounts.userId))
  return rows.map(({ remaining, ...account }) => ({ ...account, remainingBytes: bytesToWire(remaining) }))
}

/** Accounts with a package whose expiry fell after `since` and by now: nothing was written for them. */
export async function accountsWithPackagesExpiredSince(tx: Tx, since: Date): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ id: trafficPackages.userId })
    .from(trafficPackages)
    .where(and(gt(trafficPackages.expiresAt, since), sql`${trafficPackages.expiresAt} <= now()`))
  return rows.map((row) => row.id)
}
