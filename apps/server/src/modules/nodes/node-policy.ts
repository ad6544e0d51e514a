// The destination policy's server side: the operator's deny list (one row, carried to the nodes by
// the pull) and the refusals the nodes report per credential with their heartbeats.
import type { CredentialRefusals, DestinationDenyList } from '@proxy/contract/nodes/policy'
import { desc, eq, sql } from 'drizzle-orm'
import ipaddr from 'ipaddr.js'
import type { Db, Tx } from '../../platform/db/client.ts'
import { destinationPolicy, nodeRefusals } from './nodes.schema.ts'

export type StoredDenyList = DestinationDenyList & { updatedAt: Date | null }

/** One spelling per range: IPv4-mapped IPv6 as IPv4, host bits cleared, a single address bare. */
export function normaliseRange(source: string): string {
  let [address, bits] = source.includes('/')
    ? ipaddr.parseCIDR(source)
    : ([ipaddr.parse(source), undefined] as const)
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    address = (address as ipaddr.IPv6).toIPv4Address()
    if (bits !== undefined) bits = Math.max(0, bits - 96)
  }
  const full = address.kind() === 'ipv4' ? 32 : 128
  if (bits === undefined || bits === full) return address.toString()
  const network =
    address.kind() === 'ipv4'
      ? ipaddr.IPv4.networkAddressFromCIDR(`${address}/${bits}`)
      : ipaddr.IPv6.networkAddressFromCIDR(`${address}/${bits}`)
  return `${network.toString()}/${bits}`
}

/** Sorted, without duplicates, ranges normalised: two lists that refuse the same compare equal. */
export function normaliseDenyList(list: DestinationDenyList): DestinationDenyList {
  return {
    ports: [...new Set(list.ports)].sort((a, b) => a - b),
    cidrs: [...new Set(list.cidrs.map(normaliseRange))].sort(),
  }
}

export async function readDenyList(db: Db | Tx): Promise<StoredDenyList> {
  const [row] = await db.select().from(destinationPolicy)
  return row
    ? { ports: row.ports, cidrs: row.cidrs, updatedAt: row.updatedAt }
    : { ports: [], cidrs: [], updatedAt: null }
}

/** Replaces the deny list (the caller's transaction holds the row for its audit). */
export async function writeDenyList(tx: Tx, list: DestinationDenyList): Promise<StoredDenyList> {
  const [row] = await tx
    .insert(destinationPolicy)
    .values({ ports: list.ports, cidrs: list.cidrs })
    .onConflictDoUpdate({
      target: destinationPolicy.singleton,
      set: { ports: list.ports, cidrs: list.cidrs, updatedAt: sql`now()` },
    })
    .returning()
  if (!row) throw new Error('destination policy not written')
  return { ports: row.ports, cidrs: row.cidrs, updatedAt: row.updatedAt }
}

/** The row locked for a write: two operators saving at once are applied one after the other. */
export async function lockDenyList(tx: Tx): Promise<StoredDenyList> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('destination_policy'))`)
  return readDenyList(tx)
}

/** Adds a heartbeat's refusals to the node's counts, in one statement whatever their number. */
export async function recordRefusals(db: Db, nodeId: string, reported: CredentialRefusals[]) {
  // One row per credential: an upsert may not touch a row twice, and a node may name one twice.
  const summed = new Map<string, CredentialRefusals>()
  for (const entry of reported) {
    const key = `${entry.kind}:${entry.id.toLowerCase()}`
    const held = summed.get(key)
    summed.set(key, { ...entry, count: (held?.count ?? 0) + entry.count })
  }
  const refusals = [...summed.values()]
  if (refusals.length === 0) return
  await db.execute(sql`
    insert into node_refusals (node_id, subject_kind, subject_id, refusals)
    select ${nodeId}::uuid, kind, id, count
    from unnest(
      ${sql.param(refusals.map((r) => r.kind))}::text[],
      ${sql.param(refusals.map((r) => r.id))}::uuid[],
      ${sql.param(refusals.map((r) => r.count))}::bigint[]
    ) as batch(kind, id, count)
    on conflict (node_id, subject_kind, subject_id) do update
    set refusals = node_refusals.refusals + excluded.refusals, last_refused_at = now()`)
}

/** The node's most refused credentials. */
export const topRefusals = (db: Db | Tx, nodeId: string, limit: number) =>
  db
    .select({
      kind: nodeRefusals.subjectKind,
      id: nodeRefusals.subjectId,
      count: nodeRefusals.refusals,
      lastRefusedAt: nodeRefusals.lastRefusedAt,
    })
    .from(nodeRefusals)
    .where(eq(nodeRefusals.nodeId, nodeId))
    .orderBy(desc(nodeRefusals.refusals), desc(nodeRefusals.lastRefusedAt))
    .limit(limit)

/** Refusals per node, all credentials together. */
export async function refusalTotals(db: Db | Tx): Promise<Map<string, number>> {
  const rows = await db
    .select({ nodeId: nodeRefusals.nodeId, total: sql<string>`sum(${nodeRefusals.refusals})` })
    .from(nodeRefusals)
    .groupBy(nodeRefusals.nodeId)
  return new Map(rows.map((row) => [row.nodeId, Number(row.total)]))
}
