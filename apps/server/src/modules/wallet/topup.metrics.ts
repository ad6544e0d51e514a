// The top-ups' figure in /metrics (platform/metrics.ts reads it at scrape time; app.ts registers it).
import { sql } from 'drizzle-orm'
import { rowsOf } from '../../platform/db/sql.ts'
import type { BusinessMetric } from '../../platform/metrics.ts'

export const topUpMetrics: BusinessMetric[] = [
  {
    name: 'proxy_topups',
    help: 'Top-up orders by state (pending, paid, closed, cancelled).',
    kind: 'gauge',
    labelNames: ['status'],
    read: async (db) =>
      rowsOf<{ status: string; n: number }>(
        await db.execute(sql`select status, count(*)::int as n from topup_orders group by status`),
      ).map((row) => ({ labels: { status: String(row.status) }, value: Number(row.n) })),
  },
]
