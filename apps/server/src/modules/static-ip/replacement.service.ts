// Free address replacement: the instance moves to another address in its region and keeps its id,
// expiry, protocol and credentials; the old address cools down like a released one. One transaction,
// the instance row locked first, so concurrent calls for one IP replace it once; the rest are told
// when it may be replaced again. An operator's replacement (modules/admin) runs the same move, without
// the cooldown and optionally onto an address they chose.
import type { Instance } from '@proxy/contract/static-ip/instances'
import type {
  InstanceReplacements,
  IpReplacement,
  ReplaceInstanceIpInput,
  ReplaceInstanceIpResult,
  ReplacementReason,
} from '@proxy/contract/static-ip/replacement'
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm'
import { type Db, inTransaction, type Tx } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { claimed, type MoneyContext, settled } from '../idempotency/index.ts'
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

/** An address as a replacement moves an instance off or onto it. */
export type ReplacedAddress = { id: string; ip: string; port: number; node: string }

export type AddressMove = {
  /** The instance's owner. */
  userId: string
  instance: Instance
  replacement: IpReplacement
  from: ReplacedAddress
  to: ReplacedAddress
}

export type MoveOptions = {
  /** Only this customer's instance (another's reads as not found); absent: whoever holds it. */
  userId?: string
  /** At most one replacement per this many days (REPLACEMENT_TOO_SOON); absent: no limit. */
  cooldownDays?: number
  /** This free address of the instance's region (INVENTORY_STATE_CONFLICT otherwise); absent: the next free one. */
  addressId?: string
  reason: ReplacementReason
}

const addressColumns = {
  id: ipInventory.id,
  ip: ipInventory.ip,
  port: ipInventory.port,
  regionId: ipInventory.regionId,
  node: ipInventory.node,
  status: ipInventory.status,
}

/** The address to move to: the one chosen, locked and checked, or the region's next free one. */
async function replacementAddress(
  tx: Tx,
  old: { id: string; regionId: string; node: string },
  chosen?: string,
) {
  if (chosen !== undefined) {
    const [address] = await tx
      .select(addressColumns)
      .from(ipInventory)
      .where(eq(ipInventory.id, chosen))
      .for('update')
    if (address?.status !== 'available' || address.regionId !== old.regionId)
      throw new AppError('INVENTORY_STATE_CONFLICT', {
        addressId: chosen,
        status: address?.status ?? null,
        regionId: address?.regionId ?? null,
      })
    return address
  }
  // The same node first when it has one.
  const [fresh] = await tx
    .select(addressColumns)
    .from(ipInventory)
    .where(and(eq(ipInventory.regionId, old.regionId), eq(ipInventory.status, 'available')))
    .orderBy(sql`(${ipInventory.node} = ${old.node}) desc`, asc(ipInventory.createdAt), asc(ipInventory.id))
    .limit(1)
    .for('update', { skipLocked: true })
  if (!fresh) throw new AppError('OUT_OF_STOCK', { available: 0, requested: 1 })
  return fresh
}

const toReplaced = ({ id, ip, port, node }: ReplacedAddress): ReplacedAddress => ({ id, ip, port, node })

/**
 * The move both replacements share (the customer's own, and an operator's): in the caller's
 * transaction, the instance row locked first, so concurrent moves of one IP run one after the other
 * and never allocate one address twice.
 */
export async function moveInstanceAddress(
  tx: Tx,
  instanceId: string,
  options: MoveOptions,
): Promise<AddressMove> {
  // 1. The instance, locked: a concurrent replacement of it waits here, then sees this one's row.
  const [instance] = await tx
    .select({
      id: proxyInstances.id,
      userId: proxyInstances.userId,
      status: proxyInstances.status,
      orderNo: proxyInstances.orderNo,
      inventoryId: proxyInstances.inventoryId,
      isLive: sql<boolean>`${proxyInstances.expiresAt} > now()`,
    })
    .from(proxyInstances)
    .where(
      and(
        eq(proxyInstances.id, instanceId),
        options.userId === undefined ? undefined : eq(proxyInstances.userId, options.userId),
      ),
    )
    .for('update')
  if (!instance) throw new AppError('NOT_FOUND')
  if (instance.status !== 'active' || !instance.isLive) throw new AppError('INSTANCE_NOT_REPLACEABLE')

  // 2. Once per cooldown, when there is one.
  const { cooldownDays } = options
  const recent =
    cooldownDays === undefined ? undefined : await replacementInCooldown(tx, instance.id, cooldownDays)
  if (recent && cooldownDays !== undefined)
    throw new AppError('REPLACEMENT_TOO_SOON', {
      replacedAt: recent.createdAt.toISOString(),
      allowedAt: allowedAfter(recent.createdAt, cooldownDays).toISOString(),
    })

  // 3. A free address in the same region.
  const [old] = await tx
    .select(addressColumns)
    .from(ipInventory)
    .where(eq(ipInventory.id, instance.inventoryId))
  if (!old) throw new Error(`instance ${instance.id} has no address`)
  const fresh = await replacementAddress(tx, old, options.addressId)

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
      userId: instance.userId,
      orderNo: instance.orderNo,
      oldInventoryId: old.id,
      newInventoryId: fresh.id,
      oldIp: old.ip,
      newIp: fresh.ip,
      reason: options.reason,
    })
    .returning()
  if (!row) throw new Error('replacement not recorded')
  const [moved] = await selectInstances(tx, eq(proxyInstances.id, instance.id))
  if (!moved) throw new Error(`instance ${instance.id} vanished`)
  return {
    userId: instance.userId,
    instance: toInstance(moved),
    replacement: toReplacement(row),
    from: toReplaced(old),
    to: toReplaced(fresh),
  }
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
    await claimed(tx, context)
    const { instance, replacement } = await moveInstanceAddress(tx, instanceId, {
      userId,
      cooldownDays,
      reason: input.reason,
    })
    return settled(tx, context, {
      instance,
      replacement,
      nextAllowedAt: allowedAfter(new Date(replacement.createdAt), cooldownDays).toISOString(),
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
