// A static IP's refund, as the product rules it: a live IP is worth its unused whole days at the price
// each order paid for them; given up, the instance is released at once and its address cools down
// before resale, as after an expiry's grace period. The money is the caller's (ledger, in the same transaction).
import { eq } from 'drizzle-orm'
import type { Tx } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { alreadyRefunded, isRefunded, notRefundable, type Refundable } from '../ledger/index.ts'
import { ordersOfInstance } from '../orders/index.ts'
import { COOLING_HOURS } from './lifecycle.service.ts'
import { ipInventory, proxyInstances } from './static-ip.schema.ts'

const DAY_MS = 24 * 3600 * 1000

type Part = { orderNo: string; cents: number }

/**
 * What an IP's unused whole days were paid: the newest order (the current term) pays for the last
 * `durationDays` days before expiry, the order before it for the days before those, and so on, each
 * at its own price per day (discounts included), rounded down.
 */
export function unusedDaysValue(
  unusedDays: number,
  terms: { orderNo: string; durationDays: number; unitPrice: number }[],
): Part[] {
  const parts: Part[] = []
  let left = unusedDays
  for (const term of terms) {
    if (left <= 0) break
    const days = Math.min(left, term.durationDays)
    const cents = Math.floor((term.unitPrice * days) / term.durationDays)
    if (cents > 0) parts.push({ orderNo: term.orderNo, cents })
    left -= days
  }
  return parts
}

/**
 * Locks a static IP for its refund and values it; refuses an unknown one (404), one refunded already
 * and one no longer active (409 NOT_REFUNDABLE).
 */
export async function staticIpRefund(tx: Tx, id: string, now: Date): Promise<Refundable> {
  const instance = await lockInstanceForRefund(tx, id)
  if (!instance) throw new AppError('NOT_FOUND')
  const item = { kind: 'ip', id } as const
  if (await isRefunded(tx, item)) throw alreadyRefunded()
  if (instance.status !== 'active' || instance.expiresAt <= now) throw notRefundable('the IP is not active')
  const unusedDays = Math.floor((instance.expiresAt.getTime() - now.getTime()) / DAY_MS)
  return {
    userId: instance.userId,
    item,
    about: { key: 'refund-static-ip', params: { ip: instance.ip, days: unusedDays } },
    parts: unusedDaysValue(unusedDays, await ordersOfInstance(tx, id)),
    before: { status: instance.status, expiresAt: instance.expiresAt, unusedDays },
    giveUp: async (inner) => ({ status: (await releaseInstanceNow(inner, id, now)).status }),
  }
}

/** Locks an instance for a refund and answers it with its address; undefined when there is none. */
async function lockInstanceForRefund(tx: Tx, id: string) {
  const [instance] = await tx
    .select({
      id: proxyInstances.id,
      userId: proxyInstances.userId,
      inventoryId: proxyInstances.inventoryId,
      status: proxyInstances.status,
      expiresAt: proxyInstances.expiresAt,
      releasedAt: proxyInstances.releasedAt,
    })
    .from(proxyInstances)
    .where(eq(proxyInstances.id, id))
    .for('update')
  if (!instance) return undefined
  const [address] = await tx
    .select({ ip: ipInventory.ip, port: ipInventory.port })
    .from(ipInventory)
    .where(eq(ipInventory.id, instance.inventoryId))
  return { ...instance, ip: address?.ip ?? '', port: address?.port ?? 0 }
}

/** Releases a locked instance now; its address goes to cooling. */
async function releaseInstanceNow(tx: Tx, id: string, now = new Date()) {
  const [released] = await tx
    .update(proxyInstances)
    .set({ status: 'released', releasedAt: now })
    .where(eq(proxyInstances.id, id))
    .returning({ inventoryId: proxyInstances.inventoryId, status: proxyInstances.status })
  if (!released) throw new Error(`instance ${id} not released`)
  await tx
    .update(ipInventory)
    .set({ status: 'cooling', coolingUntil: new Date(now.getTime() + COOLING_HOURS * 3600 * 1000) })
    .where(eq(ipInventory.id, released.inventoryId))
  return released
}
