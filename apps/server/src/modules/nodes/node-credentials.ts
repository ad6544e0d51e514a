import { NodeUsers } from '@proxy/contract/nodes/endpoints'
import { lt, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db/client.ts'
import { StreamedAnswer, streamEnvelope } from '../../platform/streamed-answer.ts'
import {
  instancesExpiredSince,
  instancesOnNode,
  poolExits,
  servedInstanceBatches,
  servedInstances,
  servedOwners,
  whitelistSources,
} from '../static-ip/index.ts'
import { destinationKeepers } from '../stats/index.ts'
import { servedSubUsers, turnedDay, withLoginCaps } from '../sub-users/index.ts'
import { accountsWithBytesLeft, accountsWithPackagesExpiredSince } from '../traffic/index.ts'
import { readDenyList } from './node-policy.ts'
import { credentialChanges } from './nodes.schema.ts'

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

/** Instances per read of a full snapshot, streamed out before the next is read. */
const SNAPSHOT_BATCH = 2000

export function createNodeCredentials(db: Db, { snapshotBatch = SNAPSHOT_BATCH } = {}) {
  let prunedAt = 0

  async function pruneChanges() {
    if (Date.now() - prunedAt < PRUNE_EVERY_MS) return
    prunedAt = Date.now()
    await db
      .delete(credentialChanges)
      .where(lt(credentialChanges.createdAt, sql`now() - ${CHANGE_RETENTION}::interval`))
  }

  /**
   * A delta is answered as data; a full snapshot as a stream, written while its transaction reads
   * it: the answer is handed on as soon as it begins, and the transaction ends with the stream.
   */
  async function read(node: { name: string }, cursorText?: string): Promise<NodeUsers | StreamedAnswer> {
    await pruneChanges()
    let answer = (_: NodeUsers | StreamedAnswer) => {}
    const answered = new Promise<NodeUsers | StreamedAnswer>((resolve) => {
      answer = resolve
    })
    // One snapshot for the whole answer: the cursor and every row agree on what has committed.
    const reading = db.transaction(async (tx) => {
      await tx.execute(sql`set transaction isolation level repeatable read`)
      const { rows } = (await tx.execute(
        sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin, now() as at`,
      )) as unknown as { rows: { xmin: string; at: string | Date }[] }
      const head = rows[0]
      if (!head) throw new Error('no snapshot')
      const now = new Date(head.at)
      const next = formatCursor({ xmin: BigInt(head.xmin), at: now })
      const since = parseCursor(cursorText, now)
      if (since) return answer(await delta(tx, node.name, since, next, now))
      const streamed = new StreamedAnswer()
      const rest = await snapshotRest(tx, node.name, next, now)
      answer(streamed)
      await streamEnvelope(streamed, rest, 'instances', servedBatches(tx, node.name, snapshotBatch))
    })
    // Fails before the answer began: the error is the answer. After: the stream was cut off.
    return Promise.race([answered, reading.then(() => answered)])
  }

  return { read }
}

// --- the node's rows (their owners read them) ----------------------------------------------

/**
 * The whitelists of these customers, or of every customer this node serves. Only customers with a
 * live instance here are answered: a node learns nothing about anyone else. With `owners` given,
 * each served one is answered even when their list is now empty (so the node drops it).
 */
async function whitelists(tx: Tx, node: string, owners?: string[]) {
  const served = await servedOwners(tx, node, owners)
  // Only the served customers' lists: a node never reads (nor is sent) anyone else's.
  const sources = served.length > 0 ? await whitelistSources(tx, served) : []
  const byOwner = new Map<string, string[]>(owners ? served.map((owner) => [owner, []]) : [])
  for (const { owner, source } of sources) {
    const list = byOwner.get(owner) ?? []
    list.push(source)
    byOwner.set(owner, list)
  }
  return [...byOwner].map(([owner, list]) => ({ owner, sources: list }))
}

// --- snapshot and delta ----------------------------------------------------------------------

/** A full snapshot but its instances, validated as the answer: they follow in batches. */
async function snapshotRest(tx: Tx, node: string, cursor: string, now: Date) {
  // One after another: a transaction is one connection, and PGlite has only the one.
  const { instances: _none, ...rest } = NodeUsers.parse({
    cursor,
    full: true,
    instances: [],
    removedInstances: [],
    trafficAccounts: await withLoginCaps(tx, now, await accountsWithBytesLeft(tx)),
    removedTrafficAccounts: [],
    whitelists: await whitelists(tx, node),
    subUsers: await servedSubUsers(tx, now),
    removedSubUsers: [],
    pool: await poolExits(tx, node),
    policy: await denyList(tx),
    keepDestinations: await destinationKeepers(tx),
  })
  return rest
}

const NodeInstances = NodeUsers.shape.instances

/** Every instance the node serves, `size` at a time, each batch validated as part of the answer. */
async function* servedBatches(tx: Tx, node: string, size: number) {
  for await (const batch of servedInstanceBatches(tx, node, size)) yield NodeInstances.parse(batch)
}

async function delta(tx: Tx, node: string, since: Cursor, cursor: string, now: Date): Promise<NodeUsers> {
  const changes = await tx
    .selectDistinct({ kind: credentialChanges.kind, id: credentialChanges.subjectId })
    .from(credentialChanges)
    .where(sql`${credentialChanges.txid} >= ${since.xmin.toString()}::bigint`)
  const changed = (kind: (typeof changes)[number]['kind']) =>
    new Set(changes.filter((change) => change.kind === kind).map((change) => change.id))

  // Expired since the last read: nothing was written, but the node must drop them.
  const instanceIds = changed('instance')
  for (const id of await instancesExpiredSince(tx, node, since.at)) instanceIds.add(id)
  const accountIds = changed('traffic-account')
  for (const id of await accountsWithPackagesExpiredSince(tx, since.at)) accountIds.add(id)
  // A local day that turned restarts daily limits and auto-stops: nothing was written for them either.
  const subUserIds = changed('sub-user')
  const turned = await turnedDay(tx, since.at, now)
  for (const id of turned.subUsers) subUserIds.add(id)
  for (const id of turned.accounts) accountIds.add(id)

  const served = instanceIds.size > 0 ? await servedInstances(tx, node, [...instanceIds]) : []
  // Dropped ones are named only to the node whose address they were on.
  const ours = instanceIds.size > 0 ? await instancesOnNode(tx, node, [...instanceIds]) : new Set<string>()
  for (const id of instanceIds) if (!ours.has(id)) instanceIds.delete(id)
  const traffic =
    accountIds.size > 0 ? await withLoginCaps(tx, now, await accountsWithBytesLeft(tx, [...accountIds])) : []
  const subUsers = subUserIds.size > 0 ? await servedSubUsers(tx, now, [...subUserIds]) : []
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
    subUsers,
    removedSubUsers: without(subUserIds, subUsers),
    ...(changed('pool').size > 0 ? { pool: await poolExits(tx, node) } : {}),
    ...(changed('policy').size > 0 ? { policy: await denyList(tx) } : {}),
    ...(changed('destinations').size > 0 ? { keepDestinations: await destinationKeepers(tx) } : {}),
  }
}

/** The deny list as nodes take it (without the time it changed). */
async function denyList(tx: Tx) {
  const { ports, cidrs } = await readDenyList(tx)
  return { ports, cidrs }
}
