// The node push's tunnel statistics, written in the push's own transaction (so the push's reportId
// makes them idempotent with its bytes): counts are added to each node's hourly row, the peak keeps
// the largest reported, and host names are kept only for customers who turned that on.
import type {
  DestinationTunnels,
  SubjectTunnelStats,
  TunnelStatsReport,
} from '@proxy/contract/nodes/tunnel-stats'
import { TUNNEL_STATS_RETENTION_DAYS } from '@proxy/contract/stats/endpoints'
import { sql } from 'drizzle-orm'
import type { Tx } from '../../platform/db/client.ts'
import { anyUuid, rowsOf } from '../../platform/db/sql.ts'
import { ownersOfInstances } from '../static-ip/index.ts'
import { subUserOwners } from '../sub-users/index.ts'
import { existingAccounts } from '../traffic/index.ts'
import { FAILURE_COLUMNS } from './failure-columns.ts'

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

type Row = {
  hour: string
  kind: string
  id: string
  customerId: string | null
  succeeded: number
  failures: number[]
  peak: number
}

/** Owner of each subject the server knows (instance → its customer; traffic account → its customer). */
async function ownersOf(
  tx: Tx,
  subjects: Pick<SubjectTunnelStats, 'kind' | 'id'>[],
): Promise<Map<string, string>> {
  const ids = (kind: SubjectTunnelStats['kind']) => [
    ...new Set(subjects.filter((s) => s.kind === kind).map((s) => s.id)),
  ]
  // One after another: a transaction is one connection.
  const owners: Record<SubjectTunnelStats['kind'], { id: string; userId: string }[]> = {
    instance: ids('instance').length ? await ownersOfInstances(tx, ids('instance')) : [],
    'traffic-account': ids('traffic-account').length
      ? await existingAccounts(tx, ids('traffic-account'))
      : [],
    'sub-user': ids('sub-user').length ? await subUserOwners(tx, ids('sub-user')) : [],
  }
  return new Map(
    Object.entries(owners).flatMap(([kind, rows]) =>
      rows.map((row) => [`${kind}:${row.id}`, row.userId] as const),
    ),
  )
}

/** Adds a push's statistics; hours outside what is kept (or from the future) are dropped, not refused. */
export async function recordTunnelStats(tx: Tx, nodeId: string, report: TunnelStatsReport, now = new Date()) {
  const isKept = (hour: string) => {
    const at = Date.parse(hour)
    return at > now.getTime() - TUNNEL_STATS_RETENTION_DAYS * DAY_MS && at <= now.getTime() + HOUR_MS
  }
  const subjects = report.subjects.filter((s) => isKept(s.hour))
  const destinations = (report.destinations ?? []).filter((d) => isKept(d.hour))
  const owners =
    subjects.length + destinations.length > 0
      ? await ownersOf(tx, [...subjects, ...destinations])
      : new Map<string, string>()
  // One row per key: a statement's upsert may not touch a row twice.
  const rows = new Map<string, Row>()
  const add = (row: Row) => {
    const key = `${row.hour}|${row.kind}|${row.id}`
    const held = rows.get(key)
    if (!held) return void rows.set(key, row)
    held.succeeded += row.succeeded
    held.failures = held.failures.map((n, i) => n + (row.failures[i] ?? 0))
    held.peak = Math.max(held.peak, row.peak)
  }
  for (const s of subjects) {
    const customerId = owners.get(`${s.kind}:${s.id}`)
    if (!customerId) continue
    const hour = new Date(s.hour).toISOString()
    add({
      hour,
      kind: s.kind,
      id: s.id,
      customerId,
      succeeded: s.succeeded,
      failures: FAILURE_COLUMNS.map(({ reason }) => s.failures[reason] ?? 0),
      peak: s.peakOpen,
    })
  }
  for (const n of report.node.filter((entry) => isKept(entry.hour) && entry.authentication > 0)) {
    const failures = FAILURE_COLUMNS.map(({ reason }) => (reason === 'authentication' ? n.authentication : 0))
    add({
      hour: new Date(n.hour).toISOString(),
      kind: 'node',
      id: nodeId,
      customerId: null,
      succeeded: 0,
      failures,
      peak: 0,
    })
  }
  if (rows.size > 0) await addHourly(tx, nodeId, [...rows.values()])
  await addDestinations(tx, destinations, owners)
}

async function addHourly(tx: Tx, nodeId: string, rows: Row[]) {
  const names = FAILURE_COLUMNS.map(({ column }) => column)
  const failureArrays = FAILURE_COLUMNS.map(
    (_, i) => sql`${sql.param(rows.map((row) => String(row.failures[i] ?? 0)))}::bigint[]`,
  )
  await tx.execute(sql`
    insert into tunnel_stats_hourly
      (hour, node_id, subject_kind, subject_id, customer_id, succeeded, peak_open, ${sql.raw(names.join(', '))})
    select hour, ${nodeId}::uuid, kind, id, customer_id, succeeded, peak, ${sql.raw(names.join(', '))}
    from unnest(
      ${sql.param(rows.map((row) => row.hour))}::timestamptz[],
      ${sql.param(rows.map((row) => row.kind))}::text[],
      ${sql.param(rows.map((row) => row.id))}::uuid[],
      ${sql.param(rows.map((row) => row.customerId))}::uuid[],
      ${sql.param(rows.map((row) => String(row.succeeded)))}::bigint[],
      ${sql.param(rows.map((row) => row.peak))}::int[],
      ${sql.join(failureArrays, sql`, `)}
    ) as batch(hour, kind, id, customer_id, succeeded, peak, ${sql.raw(names.join(', '))})
    on conflict (hour, node_id, subject_kind, subject_id) do update set
      succeeded = tunnel_stats_hourly.succeeded + excluded.succeeded,
      peak_open = greatest(tunnel_stats_hourly.peak_open, excluded.peak_open),
      ${sql.raw(names.map((name) => `${name} = tunnel_stats_hourly.${name} + excluded.${name}`).join(',\n      '))}`)
}

/** Host names of the customers who keep them (checked here too: a node may not have pulled a change yet). */
async function addDestinations(tx: Tx, destinations: DestinationTunnels[], owners: Map<string, string>) {
  const named = destinations.filter((d) => owners.has(`${d.kind}:${d.id}`))
  if (named.length === 0) return
  const customers = [...new Set(named.map((d) => owners.get(`${d.kind}:${d.id}`) ?? ''))]
  const keeping = new Set(
    rowsOf<{ customer_id: string }>(
      await tx.execute(sql`
        select customer_id from stats_settings
        where customer_id = ${anyUuid(customers)} and keep_destinations`),
    ).map((row) => row.customer_id),
  )
  type Sum = {
    day: string
    customer: string
    kind: string
    id: string
    host: string
    tunnels: number
    failed: number
  }
  const sums = new Map<string, Sum>()
  for (const d of named) {
    const customer = owners.get(`${d.kind}:${d.id}`) ?? ''
    if (!keeping.has(customer)) continue
    const day = new Date(d.hour).toISOString().slice(0, 10)
    const host = d.host.replace(/\.$/, '')
    const key = `${day}|${d.kind}|${d.id}|${host}`
    const held = sums.get(key) ?? { day, customer, kind: d.kind, id: d.id, host, tunnels: 0, failed: 0 }
    held.tunnels += d.tunnels
    held.failed += d.failed
    sums.set(key, held)
  }
  const list = [...sums.values()]
  if (list.length === 0) return
  await tx.execute(sql`
    insert into tunnel_destinations_daily (day, customer_id, subject_kind, subject_id, host, tunnels, failed)
    select * from unnest(
      ${sql.param(list.map((d) => d.day))}::date[],
      ${sql.param(list.map((d) => d.customer))}::uuid[],
      ${sql.param(list.map((d) => d.kind))}::text[],
      ${sql.param(list.map((d) => d.id))}::uuid[],
      ${sql.param(list.map((d) => d.host))}::text[],
      ${sql.param(list.map((d) => String(d.tunnels)))}::bigint[],
      ${sql.param(list.map((d) => String(d.failed)))}::bigint[]
    )
    on conflict (customer_id, day, subject_kind, subject_id, host) do update set
      tunnels = tunnel_destinations_daily.tunnels + excluded.tunnels,
      failed = tunnel_destinations_daily.failed + excluded.failed`)
}
