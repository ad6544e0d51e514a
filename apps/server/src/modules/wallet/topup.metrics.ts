// The top-ups' figure in /metrics (platform/metrics.ts reads it at scrape time; app.ts registers it).
import { sql } from 'drizzle-orm'
import { type BusinessMetric, samplesBy } from '../../platform/metrics.ts'

export const topUpMetrics: BusinessMetric[] = [
  {
    name: 'proxy_topups',
    help: 'Top-up orders by state (pending, paid, closed, cancelled).',
    kind: 'gauge',
    labelNames: ['status'],
    read: samplesBy('status', sql`select status, count(*)::int as n from topup_orders group by status`),
  },
]
