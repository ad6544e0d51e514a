// The orders' figure in /metrics (platform/metrics.ts reads it at scrape time; app.ts registers it).
import { sql } from 'drizzle-orm'
import { rowsOf } from '../../platform/db/sql.ts'
import type { BusinessMetric } from '../../platform/metrics.ts'

export const orderMetrics: BusinessMetric[] = [
  {
    name: 'proxy_purchases_total',
    help: 'Paid wallet orders by kind (new static IPs, renewals, traffic), all replicas together.',
    kind: 'counter',
    labelNames: ['kind'],
    read: async (db) =>
      rowsOf<{ kind: string; n: number }>(
        await db.execute(sql`select kind, count(*)::int as n from orders group by kind`),
      ).map((row) => ({ labels: { kind: String(row.kind) }, value: Number(row.n) })),
  },
]
