// What the reminders job claims of the traffic (the job sends the mail): packages past a share
// used, and accounts that ran out.
import { and, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { trafficAccounts, trafficPackages } from './traffic.schema.ts'

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
