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
import { type Db, pgErrorCode } from '../../platform/db/client.ts'
import { rowsOf } from '../../platform/db/sql.ts'
import { bucketOfHour, bucketStarts } from '../../platform/db/time-buckets.ts'
import { AppError } from '../../platform/errors.ts'
import { holdsInstance } from '../static-ip/index.ts'
import { FAILURE_COLUMNS } from './failure-columns.ts'

type Figure = number | string | bigint

/** The rows of one subject of this customer; another customer's static IP reads like none at all. */
export async function subjectFilter(db: Db, customerId: string, subject: string): Promise<SQL> {
  if (subject === 'account') return sql``
  if (subject === 'traffic-account') return sql`and subject_kind = 'traffic-account'`
  const [kind, id = ''] = subject.split(':')
  if (kind === 'instance' && (await holdsInstance(db, customerId, id)))
    return sql`and subject_kind = 'instance' and subject_id = ${id}::uuid`
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
  let rows: Record<string, Figure | Date>[]
  try {
    rows = rowsOf(await db.execute(statement))
  } catch (error) {
    // The contract checks tz against the runtime's zone list; the database's list can be shorter.
    if (pgErrorCode(error) === '22023')
      throw new AppError(
        'VALIDATION_FAILED',
        { issues: [{ field: 'tz', message: 'unknown time zone' }] },
        'tz: unknown time zone',
      )
    throw error
  }
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
