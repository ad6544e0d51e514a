// GET /metrics in Prometheus text (prom-client). Requests are counted in this process (a latency
// histogram per route pattern); business figures are read from the database at scrape time, one
// aggregate query each, so every replica reports the same totals however the load was spread. Each
// figure is its owning module's (BusinessMetric), handed in by app.ts: this file names no table.
import { createHash, timingSafeEqual } from 'node:crypto'
import type { SQL } from 'drizzle-orm'
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
  /** The modules' business figures, in the order they are answered. */
  businessMetrics: readonly BusinessMetric[]
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
  registerBusinessMetrics(registry, options.db, options.businessMetrics)

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

/** One sample of a business figure: its labels (none for a single figure) and value. */
type MetricSample = { labels?: Record<string, string>; value: number }

/**
 * A business figure read from the database at scrape time (one aggregate query), by the module that
 * owns its tables: modules declare theirs and app.ts hands them to registerMetrics.
 */
export type BusinessMetric = {
  name: string
  help: string
  kind: 'counter' | 'gauge'
  labelNames?: readonly string[]
  read: (db: Db) => Promise<MetricSample[]>
}

/**
 * A BusinessMetric's reader for an aggregate that answers a row per sample: its `column` as the label
 * `label`, its figure as `n`.
 */
export const samplesBy =
  (label: string, query: SQL, column = label) =>
  async (db: Db): Promise<MetricSample[]> =>
    rowsOf<Record<string, unknown>>(await db.execute(query)).map((row) => ({
      labels: { [label]: String(row[column]) },
      value: Number(row.n),
    }))

function registerBusinessMetrics(registry: Registry, db: Db, metrics: readonly BusinessMetric[]) {
  for (const { name, help, kind, labelNames = [], read } of metrics) {
    const Metric = kind === 'counter' ? Counter : Gauge
    new Metric({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        const samples = await read(db)
        this.reset()
        for (const { labels = {}, value } of samples) {
          if (this instanceof Counter) this.inc(labels, value)
          else this.set(labels, value)
        }
      },
    })
  }
}
