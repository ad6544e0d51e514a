// Nodes and the traffic counters they push (what they pull is node-credentials.ts). A push is one
// database transaction, whatever its size: customers' lifetime totals and hourly buckets are
// upserted in one statement each, and traffic accounts draw from their packages soonest expiry
// first, updated in one statement. Bytes are bigint throughout; a push that would take a total
// past 2^53 − 1 is refused.
import type { TrafficReport } from '@proxy/contract/nodes/endpoints'
import { and, eq, sql } from 'drizzle-orm'
import { type Db, inTransaction, type Tx } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { hashToken, newToken } from '../auth/index.ts'
import { ownersOfInstances } from '../static-ip/index.ts'
import { recordTunnelStats } from '../stats/index.ts'
import { recordCredentialUsage, subUserOwners } from '../sub-users/index.ts'
import { drawFromPackages, existingAccounts, recordHourlyUsage } from '../traffic/index.ts'
import { NODE_TOKEN_PREFIX } from './node-auth.ts'
import { recordPush } from './node-health.ts'
import { MAX_TOTAL_BYTES, nodeReports, nodes } from './nodes.schema.ts'

const HOUR_MS = 3600 * 1000

export async function addNode(db: Db | Tx, name: string, host: string) {
  const token = newToken(NODE_TOKEN_PREFIX)
  const [node] = await db
    .insert(nodes)
    .values({ name, host, tokenHash: hashToken(token) })
    .returning({ id: nodes.id })
  if (!node) throw new Error('node not created')
  return { id: node.id, token }
}

/** Whether this token belongs to a node that is not revoked. */
export async function isLiveNodeToken(db: Db, token: string): Promise<boolean> {
  const [live] = await db
    .select({ id: nodes.id })
    .from(nodes)
    .where(and(eq(nodes.tokenHash, hashToken(token)), sql`${nodes.revokedAt} is null`))
  return live !== undefined
}

/**
 * Gives a node that is not revoked a new token and answers it (shown once); the old one stops
 * working on the next request. Null when there is no such live node.
 */
export async function rotateNodeToken(db: Db | Tx, id: string) {
  const token = newToken(NODE_TOKEN_PREFIX)
  const [node] = await db
    .update(nodes)
    .set({ tokenHash: hashToken(token) })
    .where(and(eq(nodes.id, id), sql`${nodes.revokedAt} is null`))
    .returning({ id: nodes.id })
  return node ? { id: node.id, token } : null
}

/** Revokes a node by id or name; its token stops working on the next request. */
export async function revokeNode(db: Db | Tx, idOrName: string): Promise<number> {
  const isId = /^[0-9a-f-]{36}$/.test(idOrName)
  const revoked = await db
    .update(nodes)
    .set({ revokedAt: sql`now()` })
    .where(and(isId ? eq(nodes.id, idOrName) : eq(nodes.name, idOrName), sql`${nodes.revokedAt} is null`))
    .returning({ id: nodes.id })
  return revoked.length
}

type Subject = { kind: 'instance' | 'traffic-account' | 'sub-user'; id: string }
type Totals = Subject & { up: bigint; down: bigint }
/** A subject's totals with its customer. */
type Owned = Totals & { userId: string }
/** Totals as billed: only instances and traffic accounts have buckets and packages. */
type Billed = Owned & { kind: 'instance' | 'traffic-account' }
const isBilled = (t: Owned): t is Billed => t.kind !== 'sub-user'

/** Refuses a push that would take these subjects' customers past the exact-number bound; final, not retried. */
const tooLarge = (subjects: Subject[]) =>
  new AppError('TRAFFIC_TOTAL_TOO_LARGE', {
    maxTotalBytes: Number(MAX_TOTAL_BYTES),
    subjects: subjects.map(({ kind, id }) => ({ kind, id })),
  })

export async function pushTraffic(db: Db, nodeId: string, report: TrafficReport, now = new Date()) {
  const answer = await applyPush(db, nodeId, report, now)
  // After the commit, outside the push's transaction: concurrent pushes do not queue on the node's row.
  await recordPush(db, nodeId)
  return answer
}

async function applyPush(db: Db, nodeId: string, report: TrafficReport, now: Date) {
  // Summed in bigint: 10,000 records of 1e15 bytes for one id are past 2^53 (and past int8).
  const totals = new Map<string, Totals>()
  for (const record of report.records) {
    const key = `${record.kind}:${record.id}`
    const total = totals.get(key) ?? { kind: record.kind, id: record.id, up: 0n, down: 0n }
    total.up += BigInt(record.upBytes)
    total.down += BigInt(record.downBytes)
    totals.set(key, total)
  }
  const hour = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS)

  return inTransaction(db, async (tx) => {
    const fresh = await tx
      .insert(nodeReports)
      .values({ nodeId, reportId: report.reportId })
      .onConflictDoNothing()
      .returning()
    if (fresh.length === 0) return { duplicate: true, accepted: 0, disabled: [] }
    if (report.tunnels) await recordTunnelStats(tx, nodeId, report.tunnels, now)

    // Arrays travel as one parameter each (unnest / any): 10,000 records are a handful of
    // parameters instead of 60,000, which is most of the cost of a big push.
    const ids = (kind: Totals['kind']) => [...totals.values()].filter((t) => t.kind === kind).map((t) => t.id)
    const instanceIds = ids('instance')
    const accountIds = ids('traffic-account')
    const subUserIds = ids('sub-user')
    const [instanceOwners, accountOwners, subUsersOwners] = await Promise.all([
      instanceIds.length ? ownersOfInstances(tx, instanceIds) : [],
      accountIds.length ? existingAccounts(tx, accountIds) : [],
      subUserIds.length ? subUserOwners(tx, subUserIds) : [],
    ])
    const owner = new Map(
      [...instanceOwners, ...accountOwners, ...subUsersOwners].map((row) => [row.id, row.userId]),
    )
    // Each subject with bytes and a known owner, its customer named once for every step below.
    const known: Owned[] = []
    for (const total of totals.values()) {
      const userId = owner.get(total.id)
      if (userId !== undefined && total.up + total.down > 0n) known.push(Object.assign(total, { userId }))
    }
    if (known.length === 0) return { duplicate: false, accepted: report.records.length, disabled: [] }

    await addToLifetimeTotals(tx, known)
    const billed = billedTotals(known)
    await recordHourlyUsage(tx, hour, billed)
    const ofKind = (kind: Totals['kind']) => known.filter((t) => t.kind === kind)
    await recordCredentialUsage(tx, now, hour, ofKind('sub-user'), ofKind('traffic-account'))

    const usage = new Map(
      billed.filter((t) => t.kind === 'traffic-account').map((t) => [t.id, t.up + t.down]),
    )
    const disabled = await drawFromPackages(tx, usage, now)
    return { duplicate: false, accepted: report.records.length, disabled }
  })
}

/**
 * The totals as billed: a sub-user's bytes are its traffic account's (the account's id is its
 * customer's), so the account's buckets and packages count them and its usage stays whole; the
 * sub-user's own share is recorded by its module.
 */
function billedTotals(known: Owned[]): Billed[] {
  // Most pushes carry no sub-user: then the totals are billed as they are.
  if (known.every(isBilled)) return known
  const billed = new Map<string, Billed>()
  for (const t of known) {
    const subject: Pick<Billed, 'kind' | 'id'> =
      t.kind === 'sub-user' ? { kind: 'traffic-account', id: t.userId } : { kind: t.kind, id: t.id }
    const key = `${subject.kind}:${subject.id}`
    const sum = billed.get(key) ?? { ...subject, userId: t.userId, up: 0n, down: 0n }
    sum.up += t.up
    sum.down += t.down
    billed.set(key, sum)
  }
  return [...billed.values()]
}

/**
 * Adds the push to each customer's lifetime total in one guarded upsert. A customer it would take
 * past MAX_TOTAL_BYTES is not updated (nor returned): then the whole push is refused and rolls back.
 */
async function addToLifetimeTotals(tx: Tx, known: Owned[]) {
  const added = new Map<string, bigint>()
  for (const t of known) added.set(t.userId, (added.get(t.userId) ?? 0n) + t.up + t.down)
  const isOver = (userId: string) => (added.get(userId) ?? 0n) > MAX_TOTAL_BYTES
  // A new row is not guarded by the update's condition: a push past the bound on its own stops here.
  if ([...added.keys()].some(isOver)) throw tooLarge(known.filter((t) => isOver(t.userId)))
  // Rows are locked in one order, so concurrent pushes queue here instead of deadlocking.
  const users = [...added.keys()].sort()
  const stored = (await tx.execute(sql`
    insert into usage_totals (user_id, bytes)
    select user_id, bytes
    from unnest(
      ${sql.param(users)}::uuid[],
      ${sql.param(users.map((userId) => String(added.get(userId))))}::bigint[]
    ) as batch(user_id, bytes)
    on conflict (user_id) do update set bytes = usage_totals.bytes + excluded.bytes
    where usage_totals.bytes + excluded.bytes <= ${sql.raw(MAX_TOTAL_BYTES.toString())}
    returning user_id`)) as unknown as { rows: { user_id: string }[] }
  if (stored.rows.length === added.size) return
  const accepted = new Set(stored.rows.map((row) => row.user_id))
  throw tooLarge(known.filter((t) => !accepted.has(t.userId)))
}
