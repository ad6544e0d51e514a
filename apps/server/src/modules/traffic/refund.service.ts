// A traffic package given up for a refund: it is closed (expired now), so no byte is drawn from it
// again. The money is the caller's (ledger, in the same transaction).
import { eq } from 'drizzle-orm'
import type { Tx } from '../../platform/db/client.ts'
import { trafficPackages, trafficPlans } from './traffic.schema.ts'

/** Locks a package for a refund and answers it with its plan's English name; undefined when there is none. */
export async function lockPackageForRefund(tx: Tx, id: string) {
  const [row] = await tx.select().from(trafficPackages).where(eq(trafficPackages.id, id)).for('update')
  if (!row) return undefined
  const [plan] = await tx
    .select({ nameEn: trafficPlans.nameEn })
    .from(trafficPlans)
    .where(eq(trafficPlans.id, row.planId))
  return { ...row, planNameEn: plan?.nameEn ?? row.planName }
}

/** Closes a locked package now: it expires at this instant, with its unused bytes left unused. */
export async function closePackageNow(tx: Tx, id: string, now = new Date()) {
  const [closed] = await tx
    .update(trafficPackages)
    .set({ status: 'expired', expiresAt: now })
    .where(eq(trafficPackages.id, id))
    .returning({ status: trafficPackages.status, expiresAt: trafficPackages.expiresAt })
  if (!closed) throw new Error(`package ${id} not closed`)
  return closed
}
