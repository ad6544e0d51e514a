// A static IP given up for a refund: the instance is released at once and its address cools down
// before resale, as after an expiry's grace period. The money is the caller's (ledger, in the same transaction).
import { eq } from 'drizzle-orm'
import type { Tx } from '../../platform/db/client.ts'
import { COOLING_HOURS } from './lifecycle.service.ts'
import { ipInventory, proxyInstances } from './static-ip.schema.ts'

/** Locks an instance for a refund and answers it with its address; undefined when there is none. */
export async function lockInstanceForRefund(tx: Tx, id: string) {
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
export async function releaseInstanceNow(tx: Tx, id: string, now = new Date()) {
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
