// What a node pulls: the credentials it serves, as one snapshot and then as deltas from a cursor.
// A node serves the instances on its own addresses (inventory `node` = the node's name), every
// traffic account, the whitelists of the customers it serves, and its pool of exit addresses.
//
// Changes come from `credential_changes`, written by triggers. The cursor is the oldest
// transaction still running when the list was read (with the read's time): the next delta takes
// every change from that transaction on, so a change committed after the read is never skipped,
// only at worst sent twice. Expiry needs no write: instances and packages whose expiry fell between
// two reads are re-read like changed ones.
import { bytesToWire } from '@proxy/contract/bytes'
import type { NodeUsers } from '@proxy/contract/nodes/endpoints'
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db/client.ts'
import { ipInventory, proxyInstances } from '../static-ip/static-ip.schema.ts'
import { trafficAccounts, trafficPackages } from '../traffic/traffic.schema.ts'
import { ipWhitelist } from '../user/ip-whitelist.schema.ts'
import { credentialChanges, MAX_TOTAL_BYTES } from './nodes.schema.ts'

/** A cursor older than this gets a full snapshot: the changes behind it may be pruned. */
export const CURSOR_MAX_AGE_MS = 30 * 60 * 1000
/** Changes are kept this long (well past the oldest cursor still answered with a delta). */
const CHANGE_RETENTION = '2 hours'
const PRUNE_EVERY_MS = 10 * 60 * 1000

type Cursor = { xmin: bigint; at: Date }
const formatCursor = ({ xmin, at }: Cursor) => `${xmin}.${at.getTime()}`
function parseCursor(text: string | undefined, now: Date): Cursor | null {
  const [xmin, at] = text?.split('.') ?? []
  if (!xmin || !at) return null
  const cursor = { xmin: BigInt(xmin), at: new Date(Number(at)) }
  const age = now.getTime() - cursor.at.getTime()
  // From the future (another database?) or too old to trust the change log: start over.
  return age >= 0 && age <= CURSOR_MAX_AGE_MS ? cursor : null
}

const anyUuid = (ids: string[]) => sql`any(${sql.param(ids)}::uuid[])`

export function createNodeCredentials(db: Db) {
  let prunedAt = 0

  async function pruneChanges() {
    if (Date.now() - prunedAt < PRUNE_EVERY_MS) return
    prunedAt = Date.now()
    await db
      .delete(credentialChanges)
      .where(lt(credentialChanges.createdAt, sql`now() - ${CHANGE_RETENTION}::interval`))
  }

  async function read(node: { name: string }, cursorText?: string): Promise<NodeUsers> {
    await pruneChanges()
    // One snapshot for the whole answer: the cursor and every row agree on what has committed.
    return db.transaction(async (tx) => {
      await tx.execute(sql`set transaction isolation level repeatable read`)
      const { rows } = (await tx.execute(
        sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin, now() as at`,
      )) as unknown as { rows: { xmin: string; at: string | Date }[] }
      const head = rows[0]
      if (!head) throw new Error('no snapshot')
      const now = new Date(head.at)
      const next = formatCursor({ xmin: BigInt(head.xmin), at: now })
      const since = parseCursor(cursorText, now)
      return since ? delta(tx, node.name, since, next) : snapshot(tx, node.name, next)
    })
  }

  return { read }
}

// --- the node's rows -------------------------------------------------------------------------

const instanceColumns = {
  id: proxyInstances.id,
  owner: proxyInstances.userId,
  ip: ipInventory.ip,
  port: ipInventory.port,
  protocol: proxyInstances.protocol,
  username: proxyInstances.username,
  password: proxyInstances.password,
  uuid: proxyInstances.uuid,
}

/** Live instances on this node's addresses (expiry judged now, whether or not a sweep marked it yet). */
const servedInstance = (node: string) =>
  and(
    eq(proxyInstances.status, 'active'),
    gt(proxyInstances.expiresAt, sql`now()`),
    eq(ipInventory.node, node),
  )

function instances(tx: Tx, node: string, ids?: string[]) {
  return tx
    .select(instanceColumns)
    .from(proxyInstances)
    .innerJoin(ipInventory, eq(ipInventory.id, proxyInstances.inventoryId))
    .where(and(servedInstance(node), ids ? sql`${proxyInstances.id} = ${anyUuid(ids)}` : undefined))
    .orderBy(asc(proxyInstances.id))
}

async function accounts(tx: Tx, ids?: string[]) {
  const rows = await tx
    .select({
      id: trafficAccounts.userId,
      username: trafficAccounts.username,
      password: trafficAccounts.password,
      // Capped at the exact-number bound: a node enforcing 9 PB is enforcing nothing smaller.
      remaining: sql`least(sum(${trafficPackages.totalBytes} - ${trafficPackages.usedBytes}), ${sql.raw(
        MAX_TOTAL_BYTES.toString(),
      )})::bigint`.mapWith(BigInt),
    })
    .from(trafficAccounts)
    .innerJoin(trafficPackages, eq(trafficPackages.userId, trafficAccounts.userId))
    .where(
      and(
        eq(trafficPackages.status, 'active'),
        gt(trafficPackages.expiresAt, sql`now()`),
        sql`${trafficPackages.usedBytes} < ${trafficPackages.totalBytes}`,
        ids ? sql`${trafficAccounts.userId} = ${anyUuid(ids)}` : undefined,
      ),
    )
    .groupBy(trafficAccounts.userId)
    .orderBy(asc(trafficAccounts.userId))
  return rows.map(({ remaining, ...account }) => ({ ...account, remainingBytes: bytesToWire(remaining) }))
}

/**
 * The whitelists of these customers, or of every customer this node serves. Only customers with a
 * live instance here are answered: a node learns nothing about anyone else. With `owners` given,
 * each served one is answered even when their list is now empty (so the node drops it).
 */
async function whitelists(tx: Tx, node: string, owners?: string[]) {
  const served = tx
    .selectDistinct({ owner: proxyInstances.userId })
    .from(proxyInstances)
    .innerJoin(ipInventory, eq(ipInventory.id, proxyInstances.inventoryId))
    .where(and(servedInstance(node), owners ? sql`${proxyInstances.userId} = ${anyUuid(owners)}` : undefined))
  const servedOwners = await served
  const sources = await tx
    .select({ owner: ipWhitelist.userId, source: ipWhitelist.source })
    .from(ipWhitelist)
    .where(owners ? sql`${ipWhitelist.userId} = ${anyUuid(owners)}` : undefined)
    .orderBy(asc(ipWhitelist.userId), asc(ipWhitelist.source))
  const byOwner = new Map<string, string[]>(owners ? servedOwners.map(({ owner }) => [owner, []]) : [])
  const isServed = new Set(servedOwners.map(({ owner }) => owner))
  for (const { owner, source } of sources) {
    if (!isServed.has(owner)) continue
    const list = byOwner.get(owner) ?? []
    list.push(source)
    byOwner.set(owner, list)
  }
  return [...byOwner].map(([owner, list]) => ({ owner, sources: list }))
}

async function onNode(tx: Tx, node: string, ids: string[]) {
  const rows = await tx
    .select({ id: proxyInstances.id })
    .from(proxyInstances)
    .innerJoin(ipInventory, eq(ipInventory.id, proxyInstances.inventoryId))
    .where(and(eq(ipInventory.node, node), sql`${proxyInstances.id} = ${anyUuid(ids)}`))
  return new Set(rows.map((row) => row.id))
}

async function pool(tx: Tx, node: string) {
  const rows = await tx
    .selectDistinct({ ip: ipInventory.ip })
    .from(ipInventory)
    .where(and(eq(ipInventory.node, node), eq(ipInventory.status, 'pool')))
    .orderBy(asc(ipInventory.ip))
  return rows.map((row) => row.ip)
}

// --- snapshot and delta ----------------------------------------------------------------------

async function snapshot(tx: Tx, node: string, cursor: string): Promise<NodeUsers> {
  // One after another: a transaction is one connection, and PGlite has only the one.
  const served = await instances(tx, node)
  const traffic = await accounts(tx)
  return {
    cursor,
    full: true,
    instances: served,
    removedInstances: [],
    trafficAccounts: traffic,
    removedTrafficAccounts: [],
    whitelists: await whitelists(tx, node),
    pool: await pool(tx, node),
  }
}

async function delta(tx: Tx, node: string, since: Cursor, cursor: string): Promise<NodeUsers> {
  const changes = await tx
    .selectDistinct({ kind: credentialChanges.kind, id: credentialChanges.subjectId })
    .from(credentialChanges)
    .where(sql`${credentialChanges.txid} >= ${since.xmin.toString()}::bigint`)
  const changed = (kind: (typeof changes)[number]['kind']) =>
    new Set(changes.filter((change) => change.kind === kind).map((change) => change.id))

  // Expired since the last read: nothing was written, but the node must drop them.
  const expiredBetween = (column: typeof proxyInstances.expiresAt | typeof trafficPackages.expiresAt) =>
    and(gt(column, since.at), sql`${column} <= now()`)
  const instanceIds = changed('instance')
  for (const { id } of await tx
    .select({ id: proxyInstances.id })
    .from(proxyInstances)
    .innerJoin(ipInventory, eq(ipInventory.id, proxyInstances.inventoryId))
    .where(and(eq(ipInventory.node, node), expiredBetween(proxyInstances.expiresAt))))
    instanceIds.add(id)
  const accountIds = changed('traffic-account')
  for (const { id } of await tx
    .selectDistinct({ id: trafficPackages.userId })
    .from(trafficPackages)
    .where(expiredBetween(trafficPackages.expiresAt)))
    accountIds.add(id)

  const served = instanceIds.size > 0 ? await instances(tx, node, [...instanceIds]) : []
  // Dropped ones are named only to the node whose address they were on.
  const ours = instanceIds.size > 0 ? await onNode(tx, node, [...instanceIds]) : new Set<string>()
  for (const id of instanceIds) if (!ours.has(id)) instanceIds.delete(id)
  const traffic = accountIds.size > 0 ? await accounts(tx, [...accountIds]) : []
  // A new instance brings its owner's whitelist along.
  const owners = new Set([...changed('whitelist'), ...served.map((instance) => instance.owner)])
  const without = (ids: Set<string>, kept: { id: string }[]) => {
    for (const { id } of kept) ids.delete(id)
    return [...ids]
  }
  return {
    cursor,
    full: false,
    instances: served,
    removedInstances: without(instanceIds, served),
    trafficAccounts: traffic,
    removedTrafficAccounts: without(accountIds, traffic),
    whitelists: owners.size > 0 ? await whitelists(tx, node, [...owners]) : [],
    ...(changed('pool').size > 0 ? { pool: await pool(tx, node) } : {}),
  }
}
