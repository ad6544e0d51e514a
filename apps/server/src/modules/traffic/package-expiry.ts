// The job that marks packages past their expiry as expired.
import { and, eq, gt, inArray, lt, lte, notExists, sql } from 'drizzle-orm'
import { type Db, inTransaction } from '../../platform/db/client.ts'
import { trafficAccounts, trafficPackages } from './traffic.schema.ts'

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
