// How the proxy nodes are doing: each heartbeat stores the node's latest figures, each acknowledged
// push its time, and `node:list` reads them back. A node silent for the down window is down: the
// server's NODE_DOWN_AFTER_SECONDS, DOWN_AFTER_MS where a caller gives none.
import { formatBytes } from '@proxy/contract/bytes'
import type { NodeHeartbeat } from '@proxy/contract/nodes/endpoints'
import { asc, count, eq, isNull, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db/client.ts'
import { recordRefusals } from './node-policy.ts'
import { nodes } from './nodes.schema.ts'

/** Nodes beat every 15 s (GATEWAY_HEARTBEAT_MS): four missed beats and the node counts as down. */
export const DOWN_AFTER_MS = 60_000

export type NodeStatus = 'up' | 'down' | 'revoked'

/** Records a heartbeat; an empty one (older nodes) keeps the figures the last full one stored. */
export async function heartbeat(db: Db, nodeId: string, body?: NodeHeartbeat | null) {
  const { refusals = [], ...stats } = body ?? {}
  await recordRefusals(db, nodeId, refusals)
  const [node] = await db
    .update(nodes)
    .set({
      lastSeenAt: sql`now()`,
      ...(body && {
        ...stats,
        bytesPerSecond: BigInt(body.bytesPerSecond),
        // A full beat without them (an older gateway) leaves no stale guessing figures behind.
        passwordGuessing: body.passwordGuessing ?? null,
      }),
    })
    .where(eq(nodes.id, nodeId))
    .returning({ lastSeenAt: nodes.lastSeenAt })
  return { lastSeenAt: (node?.lastSeenAt ?? new Date()).toISOString() }
}

/** Notes that the server has just acknowledged a traffic push from this node. */
export async function recordPush(db: Db, nodeId: string) {
  await db.update(nodes).set({ lastPushAt: sql`now()` }).where(eq(nodes.id, nodeId))
}

export const statusOf = (
  node: { lastSeenAt: Date | null; revokedAt: Date | null },
  now = new Date(),
  downAfterMs = DOWN_AFTER_MS,
): NodeStatus => {
  if (node.revokedAt) return 'revoked'
  if (!node.lastSeenAt || now.getTime() - node.lastSeenAt.getTime() > downAfterMs) return 'down'
  return 'up'
}

/** Every node (or the one with `id`) with its status and latest figures, oldest first. */
export async function listNodes(db: Db | Tx, now = new Date(), id?: string, downAfterMs = DOWN_AFTER_MS) {
  const rows = await db
    .select({
      id: nodes.id,
      name: nodes.name,
      host: nodes.host,
      lastSeenAt: nodes.lastSeenAt,
      lastPushAt: nodes.lastPushAt,
      revokedAt: nodes.revokedAt,
      createdAt: nodes.createdAt,
      version: nodes.version,
      uptimeSeconds: nodes.uptimeSeconds,
      openTunnels: nodes.openTunnels,
      bytesPerSecond: nodes.bytesPerSecond,
      deadLetters: nodes.deadLetters,
      pendingBatches: nodes.pendingBatches,
      passwordGuessing: nodes.passwordGuessing,
    })
    .from(nodes)
    .where(id === undefined ? undefined : eq(nodes.id, id))
    .orderBy(asc(nodes.createdAt), asc(nodes.id))
  return rows.map((row) => ({
    ...row,
    status: statusOf(row, now, downAfterMs),
    /** Milliseconds since the last acknowledged push; null before the first. */
    pushLagMs: row.lastPushAt ? Math.max(0, now.getTime() - row.lastPushAt.getTime()) : null,
  }))
}

/** "45 s", "12 min", "3 h", "2 d". */
export function formatAge(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000))
  if (seconds < 60) return `${seconds} s`
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`
  if (seconds < 48 * 3600) return `${Math.floor(seconds / 3600)} h`
  return `${Math.floor(seconds / 86_400)} d`
}

/** The rows `node:list` prints. */
export function healthTable(list: Awaited<ReturnType<typeof listNodes>>, now = new Date()) {
  const none = '-'
  return list.map((node) => ({
    name: node.name,
    host: node.host,
    status: node.status,
    'last seen': node.lastSeenAt ? `${formatAge(now.getTime() - node.lastSeenAt.getTime())} ago` : 'never',
    'push lag': node.pushLagMs === null ? 'never' : formatAge(node.pushLagMs),
    version: node.version ?? none,
    tunnels: node.openTunnels ?? none,
    'bytes/s': node.bytesPerSecond === null ? none : `${formatBytes(Number(node.bytesPerSecond))}/s`,
    'dead letters': node.deadLetters ?? none,
    id: node.id,
  }))
}

/** Nodes not revoked, up (a heartbeat within `downAfterMs` of `now`) and down, counted in one query. */
export async function nodeStatusCounts(db: Db | Tx, now = new Date(), downAfterMs = DOWN_AFTER_MS) {
  const freshSince = new Date(now.getTime() - downAfterMs).toISOString()
  const [row] = await db
    .select({
      total: count(),
      up: sql<number>`count(*) filter (where ${nodes.lastSeenAt} >= ${freshSince}::timestamptz)`.mapWith(
        Number,
      ),
    })
    .from(nodes)
    .where(isNull(nodes.revokedAt))
  const total = row?.total ?? 0
  const up = row?.up ?? 0
  return { up, down: total - up, total }
}
