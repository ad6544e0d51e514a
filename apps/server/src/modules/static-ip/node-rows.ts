// What a proxy node serves of the static IPs: the live instances on its addresses (inventory `node`
// = the node's name), their owners, and its pool exits. Read inside the node pull's snapshot.
import { and, asc, eq, gt, sql } from 'drizzle-orm'
import type { Tx } from '../../platform/db/client.ts'
import { anyUuid } from '../../platform/db/sql.ts'
import { ipInventory, proxyInstances } from './static-ip.schema.ts'

/** Live instances on this node's addresses (expiry judged now, whether or not a sweep marked it yet). */
const servedInstance = (node: string) =>
  and(
    eq(proxyInstances.status, 'active'),
    gt(proxyInstances.expiresAt, sql`now()`),
    eq(ipInventory.node, node),
  )

/** The node's live instances (these ids only, when given), with what the node needs to serve them. */
export function servedInstances(tx: Tx, node: string, ids?: string[]) {
  return tx
    .select({
      id: proxyInstances.id,
      owner: proxyInstances.userId,
      ip: ipInventory.ip,
      port: ipInventory.port,
      protocol: proxyInstances.protocol,
      username: proxyInstances.username,
      password: proxyInstances.password,
      uuid: proxyInstances.uuid,
    })
    .from(proxyInstances)
    .innerJoin(ipInventory, eq(ipInventory.id, proxyInstances.inventoryId))
    .where(and(servedInstance(node), ids ? sql`${proxyInstances.id} = ${anyUuid(ids)}` : undefined))
    .orderBy(asc(proxyInstances.id))
}

/** The customers (these only, when given) with a live instance on this node. */
export async function servedOwners(tx: Tx, node: string, owners?: string[]): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ owner: proxyInstances.userId })
    .from(proxyInstances)
    .innerJoin(ipInventory, eq(ipInventory.id, proxyInstances.inventoryId))
    .where(and(servedInstance(node), owners ? sql`${proxyInstances.userId} = ${anyUuid(owners)}` : undefined))
  return rows.map((row) => row.owner)
}

/** Which of these instances sit on this node's addresses, live or not. */
export async function instancesOnNode(tx: Tx, node: string, ids: string[]): Promise<Set<string>> {
  const rows = await tx
    .select({ id: proxyInstances.id })
    .from(proxyInstances)
    .innerJoin(ipInventory, eq(ipInventory.id, proxyInstances.inventoryId))
    .where(and(eq(ipInventory.node, node), sql`${proxyInstances.id} = ${anyUuid(ids)}`))
  return new Set(rows.map((row) => row.id))
}

/** Instances on this node whose expiry fell after `since` and by now: nothing was written for them. */
export async function instancesExpiredSince(tx: Tx, node: string, since: Date): Promise<string[]> {
  const rows = await tx
    .select({ id: proxyInstances.id })
    .from(proxyInstances)
    .innerJoin(ipInventory, eq(ipInventory.id, proxyInstances.inventoryId))
    .where(
      and(
        eq(ipInventory.node, node),
        gt(proxyInstances.expiresAt, since),
        sql`${proxyInstances.expiresAt} <= now()`,
      ),
    )
  return rows.map((row) => row.id)
}

/** The node's pool exits: inventory rows it serves that are marked `pool`. */
export async function poolExits(tx: Tx, node: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ ip: ipInventory.ip })
    .from(ipInventory)
    .where(and(eq(ipInventory.node, node), eq(ipInventory.status, 'pool')))
    .orderBy(asc(ipInventory.ip))
  return rows.map((row) => row.ip)
}
