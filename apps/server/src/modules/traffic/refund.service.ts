// A traffic package's refund, as the product rules it: a live package is worth its unused bytes at
// the price its order paid per byte; given up, it is closed (expired now), so no byte is drawn from it
// again. The money is the caller's (ledger, in the same transaction).
import { eq } from 'drizzle-orm'
import type { Tx } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { alreadyRefunded, isRefunded, notRefundable, type Refundable } from '../ledger/index.ts'
import { paidOrder } from '../orders/index.ts'
import { trafficPackages, trafficPlans } from './traffic.schema.ts'

/**
 * Locks a traffic package for its refund and values it; refuses an unknown one (404), one refunded
 * already and one no longer active or without its paid order (409 NOT_REFUNDABLE).
 */
export async function trafficPackageRefund(tx: Tx, id: string, now: Date): Promise<Refundable> {
  const found = await lockPackageForRefund(tx, id)
  if (!found) throw new AppError('NOT_FOUND')
  const item = { kind: 'traffic', id } as const
  if (await isRefunded(tx, item)) throw alreadyRefunded()
  if (found.status !== 'active' || found.expiresAt <= now) throw notRefundable('the package is not active')
  const order = await paidOrder(tx, found.orderNo)
  if (!order) throw notRefundable('no order paid for the package')
  const unusedBytes = found.totalBytes - found.usedBytes
  const cents = Number((BigInt(order.unitPrice) * unusedBytes) / found.totalBytes)
  return {
    userId: found.userId,
    item,
    about: { key: 'refund-traffic', params: { plan: found.planName, planEn: found.planNameEn } },
    parts: [{ orderNo: order.orderNo, cents }],
    before: { status: found.status, expiresAt: found.expiresAt, unusedBytes: unusedBytes.toString() },
    giveUp: async (inner) => {
      const closed = await closePackageNow(inner, id, now)
      return { status: closed.status, expiresAt: closed.expiresAt, unusedBytes: '0' }
    },
  }
}

/** Locks a package for a refund and answers it with its plan's English name; undefined when there is none. */
async function lockPackageForRefund(tx: Tx, id: string) {
  const [row] = await tx.select().from(trafficPackages).where(eq(trafficPackages.id, id)).for('update')
  if (!row) return undefined
  const [plan] = await tx
    .select({ nameEn: trafficPlans.nameEn })
    .from(trafficPlans)
    .where(eq(trafficPlans.id, row.planId))
  return { ...row, planNameEn: plan?.nameEn ?? row.planName }
}

/** Closes a locked package now: it expires at this instant, with its unused bytes left unused. */
async function closePackageNow(tx: Tx, id: string, now = new Date()) {
  const [closed] = await tx
    .update(trafficPackages)
    .set({ status: 'expired', expiresAt: now })
    .where(eq(trafficPackages.id, id))
    .returning({ status: trafficPackages.status, expiresAt: trafficPackages.expiresAt })
  if (!closed) throw new Error(`package ${id} not closed`)
  return closed
}
