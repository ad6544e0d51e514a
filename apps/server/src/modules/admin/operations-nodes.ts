// Nodes for the operator console: the same registration and revocation the CLI uses (modules/nodes),
// each write audited in its own transaction. Tokens go into the answer, never into the audit log.
import type { AddNodeInput, AdminNode, NodeWithToken } from '@proxy/contract/admin/nodes'
import { type Db, inTransaction, type Tx } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { hashToken } from '../auth/index.ts'
import { addNode, listNodes, refusalTotals, revokeNode, rotateNodeToken } from '../nodes/index.ts'
import { type Actor, recordAudit } from './audit.ts'

type NodeRow = Awaited<ReturnType<typeof listNodes>>[number]

const iso = (value: Date | null) => value?.toISOString() ?? null

const toAdminNode = (row: NodeRow, refusals = 0): AdminNode => ({
  id: row.id,
  name: row.name,
  host: row.host,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  lastSeenAt: iso(row.lastSeenAt),
  lastPushAt: iso(row.lastPushAt),
  pushLagMs: row.pushLagMs,
  revokedAt: iso(row.revokedAt),
  version: row.version,
  uptimeSeconds: row.uptimeSeconds,
  openTunnels: row.openTunnels,
  bytesPerSecond: row.bytesPerSecond === null ? null : Number(row.bytesPerSecond),
  deadLetters: row.deadLetters,
  pendingBatches: row.pendingBatches,
  passwordGuessing: row.passwordGuessing,
  refusals,
})

/** What the audit log keeps of a node: never its token, only a fingerprint that tells two apart. */
const audited = (node: NodeRow | undefined, token?: string) => ({
  name: node?.name ?? null,
  host: node?.host ?? null,
  revokedAt: node?.revokedAt ?? null,
  ...(token && { tokenFingerprint: hashToken(token).slice(0, 8) }),
})

const nameTaken = () =>
  new AppError(
    'VALIDATION_FAILED',
    { issues: [{ field: 'name', message: 'an active node already has this name' }] },
    'name: an active node already has this name',
  )

async function nodeOf(tx: Db | Tx, id: string, downAfterMs?: number) {
  const [node] = await listNodes(tx, new Date(), id, downAfterMs)
  return node
}

/** Every node; `downAfterMs`: the server's down window (NODE_DOWN_AFTER_SECONDS). */
export async function adminNodes(db: Db, downAfterMs?: number): Promise<{ items: AdminNode[] }> {
  const [rows, refusals] = await Promise.all([
    listNodes(db, new Date(), undefined, downAfterMs),
    refusalTotals(db),
  ])
  return { items: rows.map((row) => toAdminNode(row, refusals.get(row.id))) }
}

/** One node as the console shows it, after a write. */
const adminNodeOf = async (tx: Tx, node: NodeRow) => toAdminNode(node, (await refusalTotals(tx)).get(node.id))

export async function registerNode(db: Db, actor: Actor, input: AddNodeInput): Promise<NodeWithToken> {
  return inTransaction(db, async (tx) => {
    const live = await listNodes(tx)
    if (live.some((node) => node.name === input.name && node.status !== 'revoked')) throw nameTaken()
    const { id, token } = await addNode(tx, input.name, input.host)
    const node = await nodeOf(tx, id)
    if (!node) throw new Error('node not created')
    await recordAudit(tx, {
      operator: actor,
      action: 'nodes.add',
      target: `node:${id}`,
      before: { exists: false },
      after: { exists: true, ...audited(node, token) },
      ip: actor.ip,
    })
    return { node: toAdminNode(node), token }
  })
}

export async function rotateToken(
  db: Db,
  actor: Actor,
  id: string,
  downAfterMs?: number,
): Promise<NodeWithToken> {
  return inTransaction(db, async (tx) => {
    const before = await nodeOf(tx, id)
    const rotated = await rotateNodeToken(tx, id)
    const after = await nodeOf(tx, id, downAfterMs)
    if (!rotated || !after) throw new AppError('NOT_FOUND')
    await recordAudit(tx, {
      operator: actor,
      action: 'nodes.rotate-token',
      target: `node:${id}`,
      before: { ...audited(before), tokenFingerprint: null },
      after: audited(after, rotated.token),
      ip: actor.ip,
    })
    return { node: await adminNodeOf(tx, after), token: rotated.token }
  })
}

export async function revokeNodeById(db: Db, actor: Actor, id: string): Promise<AdminNode> {
  return inTransaction(db, async (tx) => {
    const before = await nodeOf(tx, id)
    if (!before) throw new AppError('NOT_FOUND')
    // Revoking a revoked node changes nothing and is not a write.
    if (before.revokedAt) return adminNodeOf(tx, before)
    await revokeNode(tx, id)
    const after = await nodeOf(tx, id)
    if (!after) throw new AppError('NOT_FOUND')
    await recordAudit(tx, {
      operator: actor,
      action: 'nodes.revoke',
      target: `node:${id}`,
      before: audited(before),
      after: audited(after),
      ip: actor.ip,
    })
    return adminNodeOf(tx, after)
  })
}
