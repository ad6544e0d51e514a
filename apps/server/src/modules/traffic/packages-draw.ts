// A node push draws its traffic accounts' bytes from their live packages, soonest expiry first, in
// the push's transaction; bytes beyond the last package are kept as overage.
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm'
import type { Tx } from '../../platform/db/client.ts'
import { anyUuid } from '../../platform/db/sql.ts'
import { trafficAccounts, trafficPackages } from './traffic.schema.ts'

/** The traffic accounts among these customer ids, as `{ id, userId }` (an account's id is its customer's). */
export const existingAccounts = (tx: Tx, ids: string[]) =>
  tx
    .select({ id: trafficAccounts.userId, userId: trafficAccounts.userId })
    .from(trafficAccounts)
    .where(sql`${trafficAccounts.userId} = ${anyUuid(ids)}`)

/**
 * Draws each customer's bytes from their packages in one update, and answers the accounts left
 * with nothing (to be disabled on the node now).
 */
export async function drawFromPackages(tx: Tx, usage: Map<string, bigint>, now: Date) {
  if (usage.size === 0) return []
  const live = await tx
    .select()
    .from(trafficPackages)
    .where(
      and(
        sql`${trafficPackages.userId} = ${anyUuid([...usage.keys()])}`,
        eq(trafficPackages.status, 'active'),
        gt(trafficPackages.expiresAt, now),
      ),
    )
    .orderBy(asc(trafficPackages.userId), asc(trafficPackages.expiresAt), asc(trafficPackages.id))
    .for('update')
  const left = new Map(usage)
  const remaining = new Map<string, bigint>()
  const changes: { id: string; used: bigint; status: 'active' | 'exhausted' }[] = []
  /** Customers who drew a package's last bytes in this push. */
  const emptiedNow = new Set<string>()
  for (const pack of live) {
    const want = left.get(pack.userId) ?? 0n
    const free = pack.totalBytes - pack.usedBytes
    const take = want < free ? want : free
    left.set(pack.userId, want - take)
    remaining.set(pack.userId, (remaining.get(pack.userId) ?? 0n) + free - take)
    if (take > 0n) {
      changes.push({
        id: pack.id,
        used: pack.usedBytes + take,
        status: take === free ? 'exhausted' : 'active',
      })
      if (take === free) emptiedNow.add(pack.userId)
    }
  }
  if (changes.length > 0)
    await tx.execute(sql`
      update traffic_packages as p set used_bytes = v.used, status = v.status
      from unnest(
        ${sql.param(changes.map((c) => c.id))}::uuid[],
        ${sql.param(changes.map((c) => c.used.toString()))}::bigint[],
        ${sql.param(changes.map((c) => c.status))}::text[]
      ) as v(id, used, status)
      where p.id = v.id`)
  const overage = [...left].filter(([, bytes]) => bytes > 0n)
  if (overage.length > 0)
    await tx.execute(sql`
      update traffic_accounts as a set overage_bytes = a.overage_bytes + v.bytes
      from unnest(
        ${sql.param(overage.map(([userId]) => userId))}::uuid[],
        ${sql.param(overage.map(([, bytes]) => bytes.toString()))}::bigint[]
      ) as v(user_id, bytes)
      where a.user_id = v.user_id`)
  const empty = [...usage.keys()].filter((userId) => (remaining.get(userId) ?? 0n) === 0n)
  // Ran out in this push (it drew its last bytes): the reminder job tells the customer.
  const ranOut = empty.filter((userId) => emptiedNow.has(userId))
  if (ranOut.length > 0)
    await tx.update(trafficAccounts).set({ exhaustedAt: now }).where(inArray(trafficAccounts.userId, ranOut))
  return empty.map((id) => ({ kind: 'traffic-account' as const, id }))
}
