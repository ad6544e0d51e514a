// The expiry reminders' claim on the static IPs (the reminders job sends the mail).
import { and, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { proxyInstances } from './static-ip.schema.ts'

/**
 * Claims the live instances without auto-renew that expire within `days` and were not told about
 * this expiry date yet (a renewal since re-arms it), and answers them.
 */
export async function claimInstancesExpiring(db: Db, now: Date, days: number) {
  const horizon = new Date(now.getTime() + days * 24 * 3600 * 1000)
  return db
    .update(proxyInstances)
    .set({ expiryRemindedAt: now })
    .where(
      and(
        eq(proxyInstances.status, 'active'),
        eq(proxyInstances.autoRenew, false),
        gt(proxyInstances.expiresAt, now),
        lte(proxyInstances.expiresAt, horizon),
        // Not yet told about this expiry date: a renewal since the last reminder re-arms it.
        or(
          isNull(proxyInstances.expiryRemindedAt),
          lt(
            proxyInstances.expiryRemindedAt,
            sql`${proxyInstances.expiresAt} - make_interval(days => ${days})`,
          ),
        ),
      ),
    )
    .returning({
      userId: proxyInstances.userId,
      name: proxyInstances.lineInstanceName,
      expiresAt: proxyInstances.expiresAt,
    })
}
