// The orders' figure in /metrics (platform/metrics.ts reads it at scrape time; app.ts registers it).
import { sql } from 'drizzle-orm'
import { type BusinessMetric, samplesBy } from '../../platform/metrics.ts'

export const orderMetrics: BusinessMetric[] = [
  {
    name: 'proxy_purchases_total',
    help: 'Paid wallet orders by kind (new static IPs, renewals, traffic), all replicas together.',
    kind: 'counter',
    labelNames: ['kind'],
    read: samplesBy('kind', sql`select kind, count(*)::int as n from orders group by kind`),
  },
]
