// Free address replacement: the instance moves to another address in its region and keeps its id,
// expiry, protocol and credentials; the old address cools down like a released one. One transaction,
// the instance row locked first, so concurrent calls for one IP replace it once; the rest are told
// when it may be replaced again.
import type {
  InstanceReplacements,
  IpReplacement,
  ReplaceInstanceIpInput,
  ReplaceInstanceIpResult,
} from '@proxy/contract/static-ip/replacement'
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm'
import { type Db, inTransaction, type Tx } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { type MoneyContext, settled } from '../ledger/index.ts'
import { selectInstances, toInstance } from './instances.service.ts'
import { COOLING_HOURS } from './lifecycle.service.ts'
import { ipInventory, ipReplacements, proxyInstances } from './static-ip.schema.ts'

const DAY_MS = 24 * 3600 * 1000

type ReplacementRow = typeof ipReplacements.$inferSelect

const toReplacement = (row: ReplacementRow): IpReplacement => ({
  id: row.id,
  instanceId: row.instanceId,
  orderNo: row.orderNo,
  oldIp: row.oldIp,
  newIp: row.newIp,
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
})

const allowedAfter = (replacedAt: Date, cooldownDays: number) =>
  new Date(replacedAt.getTime() + cooldownDays * DAY_MS)

/** The instance's latest replacement still inside the cooldown, if any (database clock). */
async function replacementInCooldown(db: Db | Tx, instanceId: string, cooldownDays: number) {
  const [latest] = await db
    .select({ createdAt: ipReplacements.createdAt })
    .from(ipReplacements)
    .where(
      and(
        eq(ipReplacements.instanceId, instanceId),
        gt(ipReplacements.createdAt, sql`now() - make_interval(days => ${cooldownDays})`),
      ),
    )
    .orderBy(desc(ipReplacements.createdAt))
    .limit(1)
  return latest
}

export async function replaceInstanceIp(
  db: Db,
  userId: string,
  instanceId: string,
  input: ReplaceInstanceIpInput,
  options: { cooldownDays: number; context: MoneyContext },
): Promise<ReplaceInstanceIpResult> {
  const { cooldownDays, context } = options
  return inTransaction(db, async (tx) => {
    // 1. The instance, locked: a concurrent replacement of it waits here, then sees this one's row.
    const [instance] = await tx
      .select({
        id: proxyInstances.id,
        status: proxyInstances.status,
        orderNo: proxyInstances.orderNo,
        inventoryId: proxyInstances.inventoryId,
        isLive: sql<boolean>`${proxyInstances.expiresAt} > now()`,
      })
      .from(proxyInstances)
      .where(and(eq(proxyInstances.id, instanceId), eq(proxyInstances.userId, userId)))
      .for('update')
    if (!instance) throw new AppError('NOT_FOUND')
    if (instance.status !== 'active' || !instance.isLive) throw new AppError('INSTANCE_NOT_REPLACEABLE')

    // 2. Once per cooldown.
    const recent = await replacementInCooldown(tx, instance.id, cooldownDays)
    if (recent)
      throw new AppError('REPLACEMENT_TOO_SOON', {
        replacedAt: recent.createdAt.toISOString(),
        allowedAt: allowedAfter(recent.createdAt, cooldownDays).toISOString(),
      })

    // 3. A free address in the same region, on the same node when there is one.
    const [old] = await tx
      .select({
        id: ipInventory.id,
        ip: ipInventory.ip,
        regionId: ipInventory.regionId,
        node: ipInventory.node,
      })
      .from(ipInventory)
      .where(eq(ipInventory.id, instance.inventoryId))
    if (!old) throw new Error(`instance ${instance.id} has no address`)
    const [fresh] = await tx
      .select({ id: ipInventory.id, ip: ipInventory.ip })
      .from(ipInventory)
      .where(and(eq(ipInventory.regionId, old.regionId), eq(ipInventory.status, 'available')))
      .orderBy(sql`(${ipInventory.node} = ${old.node}) desc`, asc(ipInventory.createdAt), asc(ipInventory.id))
      .limit(1)
      .for('update', { skipLocked: true })
    if (!fresh) throw new AppError('OUT_OF_STOCK', { available: 0, requested: 1 })

    // 4. Allocate the new address, cool the old one, move the instance (its trigger tells the nodes).
    await tx.update(ipInventory).set({ status: 'allocated' }).where(eq(ipInventory.id, fresh.id))
    await tx
      .update(ipInventory)
      .set({ status: 'cooling', coolingUntil: sql`now() + make_interval(hours => ${COOLING_HOURS})` })
      .where(eq(ipInventory.id, old.id))
    await tx.update(proxyInstances).set({ inventoryId: fresh.id }).where(eq(proxyInstances.id, instance.id))

    // 5. The record, for the order's history and the next cooldown.
    const [row] = await tx
      .insert(ipReplacements)
      .values({
        instanceId: instance.id,
        userId,
        orderNo: instance.orderNo,
        oldInventoryId: old.id,
        newInventoryId: fresh.id,
        oldIp: old.ip,
        newIp: fresh.ip,
        reason: input.reason,
      })
      .returning()
    if (!row) throw new Error('replacement not recorded')
    const [moved] = await selectInstances(tx, eq(proxyInstances.id, instance.id))
    if (!moved) throw new Error(`instance ${instance.id} vanished`)
    return settled(tx, context, {
      instance: toInstance(moved),
      replacement: toReplacement(row),
      nextAllowedAt: allowedAfter(row.createdAt, cooldownDays).toISOString(),
    })
  })
}

/** One instance's replacements, newest first, and when the next is allowed. */
export async function instanceReplacements(
  db: Db,
  userId: string,
  instanceId: string,
  cooldownDays: number,
): Promise<InstanceReplacements> {
  const [owned] = await db
    .select({ id: proxyInstances.id })
    .from(proxyInstances)
    .where(and(eq(proxyInstances.id, instanceId), eq(proxyInstances.userId, userId)))
  if (!owned) throw new AppError('NOT_FOUND')
  const rows = await db
    .select()
    .from(ipReplacements)
    .where(eq(ipReplacements.instanceId, instanceId))
    .orderBy(desc(ipReplacements.createdAt), desc(ipReplacements.id))
  const recent = await replacementInCooldown(db, instanceId, cooldownDays)
  return {
    cooldownDays,
    nextAllowedAt: recent ? allowedAfter(recent.createdAt, cooldownDays).toISOString() : null,
    items: rows.map(toReplacement),
  }
}

/** The replacements of the IPs an order bought, newest first (the orders module shows them). */
export async function replacementsForOrder(
  db: Db,
  userId: string,
  orderNo: string,
): Promise<IpReplacement[]> {
  const rows = await db
    .select()
    .from(ipReplacements)
    .where(and(eq(ipReplacements.orderNo, orderNo), eq(ipReplacements.userId, userId)))
    .orderBy(desc(ipReplacements.createdAt), desc(ipReplacements.id))
  return rows.map(toReplacement)
}
