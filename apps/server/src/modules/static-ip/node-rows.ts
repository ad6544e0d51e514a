// What a proxy node serves of the static IPs: the live instances on its addresses (inventory `node`
// = the node's name), their owners, and its pool exits. Read inside the node pull's snapshot.
import { and, asc, eq, gt, type SQL, sql } from 'drizzle-orm'
import type { Tx } from '../../platform/db/client.ts'
import { anyUuid, rowsOf } from '../../platform/db/sql.ts'
import { isNotSuspended } from '../auth/index.ts'
import { ipInventory, ipReplacements, proxyInstances } from './static-ip.schema.ts'

/**
 * Live instances on this node's addresses (expiry judged now, whether or not a sweep marked it yet)
 * of customers not suspended (asked of the auth module as a fragment of this statement).
 */
const servedInstance = (node: string) =>
  and(
    eq(proxyInstances.status, 'active'),
    gt(proxyInstances.expiresAt, sql`now()`),
    eq(ipInventory.node, node),
    isNotSuspended(proxyInstances.userId),
  )

/** The node's live instances (these ids only, when given), with what the node needs to serve them. */
const servedInstancesQuery = (tx: Tx, node: string, ids?: string[]) =>
  tx
    .select({
      id: proxyInstances.id,
      // Named as the node calls it: a cursor's rows come back under the statement's column names.
      owner: sql<string>`${proxyInstances.userId}`.as('owner'),
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

export const servedInstances = (tx: Tx, node: string, ids?: string[]) =>
  servedInstancesQuery(tx, node, ids).orderBy(asc(proxyInstances.id))

type ServedInstance = Awaited<ReturnType<typeof servedInstances>>[number]

/**
 * Every live instance of the node, `size` at a time, read through a cursor: one execution of one
 * plan (a page per query re-ran the join each time), unsorted, never all in memory at once.
 */
export async function* servedInstanceBatches(tx: Tx, node: string, size: number) {
  await tx.execute(sql`declare served_instances no scroll cursor for ${servedInstancesQuery(tx, node)}`)
  const fetch = sql.raw(`fetch forward ${Math.trunc(size)} from served_instances`)
  for (;;) {
    const batch = rowsOf<ServedInstance>(await tx.execute(fetch))
    yield batch
    if (batch.length < size) break
  }
  await tx.execute(sql`close served_instances`)
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

/** Ids of the instances on this node's addresses that match `where`. */
async function idsOnNode(tx: Tx, node: string, where: SQL | undefined): Promise<string[]> {
  const rows = await tx
    .select({ id: proxyInstances.id })
    .from(proxyInstances)
    .innerJoin(ipInventory, eq(ipInventory.id, proxyInstances.inventoryId))
    .where(and(eq(ipInventory.node, node), where))
  return rows.map((row) => row.id)
}

/**
 * Which of these instances sit on this node's addresses, live or not, or left one of them by an
 * address replacement (the node must drop them: they are now on another node's address).
 */
export async function instancesOnNode(tx: Tx, node: string, ids: string[]): Promise<Set<string>> {
  const here = await idsOnNode(tx, node, sql`${proxyInstances.id} = ${anyUuid(ids)}`)
  const movedAway = await tx
    .selectDistinct({ id: ipReplacements.instanceId })
    .from(ipReplacements)
    .innerJoin(ipInventory, eq(ipInventory.id, ipReplacements.oldInventoryId))
    .where(and(eq(ipInventory.node, node), sql`${ipReplacements.instanceId} = ${anyUuid(ids)}`))
  return new Set([...here, ...movedAway.map((row) => row.id)])
}

/** Instances on this node whose expiry fell after `since` and by now: nothing was written for them. */
export function instancesExpiredSince(tx: Tx, node: string, since: Date): Promise<string[]> {
  return idsOnNode(
    tx,
    node,
    and(gt(proxyInstances.expiresAt, since), sql`${proxyInstances.expiresAt} <= now()`),
  )
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
