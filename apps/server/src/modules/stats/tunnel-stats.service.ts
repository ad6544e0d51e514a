// A customer's tunnel statistics over time, from the hourly rows the node push adds to. Hours are UTC
// hours; days start at local midnight in the requested zone (as traffic usage's do). Per hour, the
// rows of every node and credential in the subject are added up, peaks too (a static IP is served
// by one node, so its peak is exact); a day's peak is its busiest hour's.
import {
  type FailureCounts,
  TUNNEL_FAILURE_REASONS,
  type TunnelStatsFigures,
  type TunnelStatsQuery,
  type TunnelStatsSeries,
} from '@proxy/contract/stats/endpoints'
import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { rowsOf } from '../../platform/db/sql.ts'
import { bucketOfHour, bucketStarts, rowsInZone } from '../../platform/db/time-buckets.ts'
import { AppError } from '../../platform/errors.ts'
import { holdsInstance } from '../static-ip/index.ts'
import { hasSubUser } from '../sub-users/index.ts'
import { FAILURE_COLUMNS } from './failure-columns.ts'

type Figure = number | string | bigint

/** Whether statistics of this credential were kept for this customer (a deleted sub-user's stay). */
async function hasKept(db: Db, customerId: string, kind: string, id: string) {
  const [row] = rowsOf(
    await db.execute(sql`
      select 1 from tunnel_stats_hourly
      where customer_id = ${customerId}::uuid and subject_kind = ${kind} and subject_id = ${id}::uuid
      limit 1`),
  )
  return row !== undefined
}

const isOwn = (db: Db, customerId: string, kind: string, id: string) =>
  kind === 'instance'
    ? holdsInstance(db, customerId, id)
    : kind === 'sub-user' && hasSubUser(db, customerId, id)

/**
 * The rows of one subject of this customer: everything (`account`), the traffic account's own login,
 * or one static IP or sub-user. Another customer's reads like one that does not exist.
 */
export async function subjectFilter(db: Db, customerId: string, subject: string): Promise<SQL> {
  if (subject === 'account') return sql``
  if (subject === 'traffic-account') return sql`and subject_kind = 'traffic-account'`
  const [kind = '', id = ''] = subject.split(':')
  if ((await isOwn(db, customerId, kind, id)) || (await hasKept(db, customerId, kind, id)))
    return sql`and subject_kind = ${kind} and subject_id = ${id}::uuid`
  throw new AppError('NOT_FOUND')
}

const emptyFailures = (): FailureCounts =>
  Object.fromEntries(TUNNEL_FAILURE_REASONS.map((reason) => [reason, 0])) as FailureCounts

function figuresOf(row: Record<string, Figure>): TunnelStatsFigures {
  const failures = emptyFailures()
  for (const { reason, column } of FAILURE_COLUMNS) failures[reason] = Number(row[column] ?? 0)
  const failed = Object.values(failures).reduce((sum, n) => sum + n, 0)
  const succeeded = Number(row.succeeded ?? 0)
  return { opened: succeeded + failed, succeeded, failed, failures, peakConcurrent: Number(row.peak ?? 0) }
}

export async function tunnelStatsSeries(
  db: Db,
  customerId: string,
  query: TunnelStatsQuery,
): Promise<TunnelStatsSeries> {
  const { to, tz } = query
  const filter = await subjectFilter(db, customerId, query.subject)
  const columns = ['succeeded', ...FAILURE_COLUMNS.map(({ column }) => column)]
  const sums = (source: string) => sql.raw(columns.map((c) => `sum(${source}.${c}) as ${c}`).join(', '))
  const buckets = bucketStarts(query)
  const bucketOf = bucketOfHour(query)
  const statement = sql`
    with buckets as (select t from (${buckets}) as b where t < ${to}::timestamptz),
    hours as (
      select hour, ${sums('s')}, sum(s.peak_open) as peak
      from tunnel_stats_hourly s
      where customer_id = ${customerId}::uuid
        and hour >= (select min(t) from buckets) and hour < ${to}::timestamptz
        ${filter}
      group by hour
    ),
    grouped as (select ${bucketOf} as t, ${sums('hours')}, max(hours.peak) as peak from hours group by 1)
    select buckets.t as time, grouped.*
    from buckets left join grouped on grouped.t = buckets.t
    order by buckets.t`
  const rows = await rowsInZone<Record<string, Figure | Date>>(db, statement)
  const series = rows.map((row) => ({
    time: new Date(row.time as Date | string).toISOString(),
    ...figuresOf(row as Record<string, Figure>),
  }))
  const totals = series.reduce<TunnelStatsFigures>(
    (sum, point) => ({
      opened: sum.opened + point.opened,
      succeeded: sum.succeeded + point.succeeded,
      failed: sum.failed + point.failed,
      failures: Object.fromEntries(
        TUNNEL_FAILURE_REASONS.map((reason) => [reason, sum.failures[reason] + point.failures[reason]]),
      ) as FailureCounts,
      peakConcurrent: Math.max(sum.peakConcurrent, point.peakConcurrent),
    }),
    figuresOf({}),
  )
  return { granularity: query.granularity, tz, subject: query.subject, series, totals }
}
