// GET /metrics in Prometheus text (prom-client). Requests are counted in this process (a latency
// histogram per route pattern); business figures are read from the database at scrape time, one
// aggregate query each, so every replica reports the same totals however the load was spread.
import { createHash, timingSafeEqual } from 'node:crypto'
import { type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { Config } from './config.ts'
import type { Db } from './db/client.ts'
import { rowsOf } from './db/sql.ts'
import { AppError } from './errors.ts'

export const METRICS_PATH = '/metrics'

export type MetricsOptions = {
  db: Db
  config: Pick<Config, 'NODE_ENV' | 'METRICS_TOKEN' | 'METRICS_ALLOW'>
  /** Whether an address is one of the given addresses or CIDR ranges. */
  isAllowedAddress: (address: string, allowed: readonly string[]) => boolean
}

const LOOPBACK = ['127.0.0.0/8', '::1']

export async function registerMetrics(app: FastifyInstance, options: MetricsOptions) {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status class, and how long each took.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  registerBusinessMetrics(registry, options.db)

  // The pattern (/api/user/orders/:orderNo), never the URL: ids and query strings are unbounded.
  // Each series' child is kept (routes, methods and status classes are few): labelling afresh
  // validated the labels on every request.
  const series = new Map<string, ReturnType<typeof requestDuration.labels>>()
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched'
    const status = `${Math.floor(reply.statusCode / 100)}xx`
    const key = `${request.method} ${status} ${route}`
    let child = series.get(key)
    if (!child) {
      child = requestDuration.labels({ method: request.method, route, status })
      series.set(key, child)
    }
    child.observe(reply.elapsedTime / 1000)
  })

  const admit = metricsAccess(options)
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    admit(request)
    const text = await registry.metrics()
    return reply.type(registry.contentType).header('cache-control', 'no-store').send(text)
  })
}

/**
 * Production: a scraper shows the bearer token (METRICS_TOKEN) or comes from an allowed address
 * (METRICS_ALLOW); with neither configured nobody gets in. Elsewhere loopback may scrape too.
 */
function metricsAccess({ config, isAllowedAddress }: MetricsOptions) {
  const allowed =
    config.NODE_ENV === 'production' ? config.METRICS_ALLOW : [...config.METRICS_ALLOW, ...LOOPBACK]
  const expected = config.METRICS_TOKEN ? digest(config.METRICS_TOKEN) : null
  return (request: FastifyRequest) => {
    const header = request.headers.authorization
    const given = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined
    // Compared as digests: equal lengths, and no early exit that times the token out.
    if (expected && given && timingSafeEqual(digest(given), expected)) return
    if (allowed.length > 0 && isAllowedAddress(request.ip, allowed)) return
    if (expected) throw new AppError('UNAUTHORIZED', null, 'Metrics need the bearer token (METRICS_TOKEN)')
    throw new AppError('FORBIDDEN', null, 'Metrics are not open to this address')
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest()

type Row = Record<string, unknown>

/** One aggregate query at scrape time: its rows. */
const rows = async (db: Db, query: SQL) => rowsOf<Row>(await db.execute(query))

function registerBusinessMetrics(registry: Registry, db: Db) {
  const registers = [registry]
  new Counter({
    name: 'proxy_purchases_total',
    help: 'Paid wallet orders by kind (new static IPs, renewals, traffic), all replicas together.',
    labelNames: ['kind'] as const,
    registers,
    async collect() {
      const found = await rows(db, sql`select kind, count(*)::int as n from orders group by kind`)
      this.reset()
      for (const row of found) this.inc({ kind: String(row.kind) }, Number(row.n))
    },
  })
  new Gauge({
    name: 'proxy_topups',
    help: 'Top-up orders by state (pending, paid, closed, cancelled).',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      const found = await rows(db, sql`select status, count(*)::int as n from topup_orders group by status`)
      this.reset()
      for (const row of found) this.set({ status: String(row.status) }, Number(row.n))
    },
  })
  new Gauge({
    name: 'proxy_node_push_lag_seconds',
    help: 'Seconds since each active node last pushed traffic the server acknowledged (-1: never).',
    labelNames: ['node'] as const,
    registers,
    async collect() {
      const found = await rows(
        db,
        sql`select name, coalesce(extract(epoch from now() - last_push_at), -1)::float8 as lag
            from nodes where revoked_at is null`,
      )
      this.reset()
      for (const row of found) this.set({ node: String(row.name) }, Number(row.lag))
    },
  })
  new Gauge({
    name: 'proxy_gateway_open_tunnels',
    help: 'Open tunnels on each active node, as of its last heartbeat.',
    labelNames: ['node'] as const,
    registers,
    async collect() {
      const found = await rows(
        db,
        sql`select name, open_tunnels as n from nodes where revoked_at is null and open_tunnels is not null`,
      )
      this.reset()
      for (const row of found) this.set({ node: String(row.name) }, Number(row.n))
    },
  })
  new Gauge({
    name: 'proxy_gateway_bytes_per_second',
    help: 'Bytes per second through each active node, as of its last heartbeat.',
    labelNames: ['node'] as const,
    registers,
    async collect() {
      const found = await rows(
        db,
        sql`select name, bytes_per_second::float8 as bps from nodes
            where revoked_at is null and bytes_per_second is not null`,
      )
      this.reset()
      for (const row of found) this.set({ node: String(row.name) }, Number(row.bps))
    },
  })
  registerGuessingMetrics(registry, db)
  new Counter({
    name: 'proxy_gateway_bytes_total',
    help: 'Bytes customers have moved through the gateways (up and down), as the nodes reported them.',
    registers,
    async collect() {
      const [row] = await rows(db, sql`select coalesce(sum(bytes), 0)::float8 as n from usage_totals`)
      this.reset()
      this.inc(Number(row?.n ?? 0))
    },
  })
}

/** Password guessing on each active node, as its last heartbeat reported it (issue 25). */
function registerGuessingMetrics(registry: Registry, db: Db) {
  const figures = [
    {
      name: 'proxy_gateway_password_failures_total',
      help: 'Wrong proxy passwords each active node has seen since its gateway started.',
      field: 'failures',
      Metric: Counter,
    },
    {
      name: 'proxy_gateway_password_blocks_total',
      help: 'Sources each active node has blocked for guessing passwords since its gateway started.',
      field: 'blocks',
      Metric: Counter,
    },
    {
      name: 'proxy_gateway_blocked_sources',
      help: 'Sources each active node refuses now for guessing passwords.',
      field: 'blockedSources',
      Metric: Gauge,
    },
  ] as const
  for (const { name, help, field, Metric } of figures)
    new Metric({
      name,
      help,
      labelNames: ['node'] as const,
      registers: [registry],
      async collect() {
        const found = await rows(
          db,
          sql`select name, (password_guessing ->> ${field})::float8 as n from nodes
              where revoked_at is null and password_guessing is not null`,
        )
        this.reset()
        for (const row of found) {
          const labels = { node: String(row.name) }
          if (this instanceof Counter) this.inc(labels, Number(row.n))
          else this.set(labels, Number(row.n))
        }
      },
    })
}
