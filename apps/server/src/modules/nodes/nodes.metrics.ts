// The nodes' figures in /metrics (platform/metrics.ts reads them at scrape time; app.ts registers
// them): each active node's health as of its last heartbeat, and the bytes customers have moved.
import { type SQL, sql } from 'drizzle-orm'
import { rowsOf } from '../../platform/db/sql.ts'
import { type BusinessMetric, samplesBy } from '../../platform/metrics.ts'

/** One figure per active node: `query` answers each node's name and its value as n. */
const perNode = (query: SQL) => samplesBy('node', query, 'name')

/** Password guessing as a node's last heartbeat reported it (issue 25): one field of it. */
const guessing = (field: string) =>
  perNode(sql`select name, (password_guessing ->> ${field})::float8 as n from nodes
              where revoked_at is null and password_guessing is not null`)

const NODE = ['node'] as const

export const nodeMetrics: BusinessMetric[] = [
  {
    name: 'proxy_node_push_lag_seconds',
    help: 'Seconds since each active node last pushed traffic the server acknowledged (-1: never).',
    kind: 'gauge',
    labelNames: NODE,
    read: perNode(sql`select name, coalesce(extract(epoch from now() - last_push_at), -1)::float8 as n
            from nodes where revoked_at is null`),
  },
  {
    name: 'proxy_gateway_open_tunnels',
    help: 'Open tunnels on each active node, as of its last heartbeat.',
    kind: 'gauge',
    labelNames: NODE,
    read: perNode(
      sql`select name, open_tunnels as n from nodes where revoked_at is null and open_tunnels is not null`,
    ),
  },
  {
    name: 'proxy_gateway_bytes_per_second',
    help: 'Bytes per second through each active node, as of its last heartbeat.',
    kind: 'gauge',
    labelNames: NODE,
    read: perNode(sql`select name, bytes_per_second::float8 as n from nodes
            where revoked_at is null and bytes_per_second is not null`),
  },
  {
    name: 'proxy_gateway_password_failures_total',
    help: 'Wrong proxy passwords each active node has seen since its gateway started.',
    kind: 'counter',
    labelNames: NODE,
    read: guessing('failures'),
  },
  {
    name: 'proxy_gateway_password_blocks_total',
    help: 'Sources each active node has blocked for guessing passwords since its gateway started.',
    kind: 'counter',
    labelNames: NODE,
    read: guessing('blocks'),
  },
  {
    name: 'proxy_gateway_blocked_sources',
    help: 'Sources each active node refuses now for guessing passwords.',
    kind: 'gauge',
    labelNames: NODE,
    read: guessing('blockedSources'),
  },
  {
    name: 'proxy_gateway_bytes_total',
    help: 'Bytes customers have moved through the gateways (up and down), as the nodes reported them.',
    kind: 'counter',
    read: async (db) => {
      const [row] = rowsOf<{ n: number }>(
        await db.execute(sql`select coalesce(sum(bytes), 0)::float8 as n from usage_totals`),
      )
      return [{ value: Number(row?.n ?? 0) }]
    },
  },
]
