// Usage over time from the hourly buckets the node push adds to (usage.schema.ts). Hours are UTC hours (whole local hours
// in every zone with a whole-hour offset); days start at local midnight in the requested IANA zone,
// so a 23- or 25-hour DST day is still one bucket. Every bucket in the range is answered, zeros too.
import { bytesToWire } from '@proxy/contract/bytes'
import type { UsageQuery, UsageSeries } from '@proxy/contract/traffic/usage'
import { type SQL, sql } from 'drizzle-orm'
import { type Db, pgErrorCode } from '../../platform/db/client.ts'
import { bucketOfHour, bucketStarts } from '../../platform/db/time-buckets.ts'
import { AppError } from '../../platform/errors.ts'
import { holdsInstance } from '../static-ip/index.ts'

// Sums are numeric, which both drivers answer as strings: read with BigInt, never Number.
type Row = { time: Date | string; up: number | string | bigint; down: number | string | bigint }

async function subjectFilter(db: Db, userId: string, query: UsageQuery): Promise<SQL> {
  if (query.instanceId) {
    // Another customer's instance reads exactly like one that does not exist.
    if (!(await holdsInstance(db, userId, query.instanceId))) throw new AppError('NOT_FOUND')
    return sql`and subject_kind = 'instance' and subject_id = ${query.instanceId}::uuid`
  }
  if (query.scope === 'traffic-account') return sql`and subject_kind = 'traffic-account'`
  return sql``
}

export async function usageSeries(db: Db, userId: string, query: UsageQuery): Promise<UsageSeries> {
  const { to, tz } = query
  const subjects = await subjectFilter(db, userId, query)
  // Bucket starts as instants: UTC hours, or local midnights converted back from wall time.
  const buckets = bucketStarts(query)
  const bucketOf = bucketOfHour(query)
  // Sum per stored hour first (an index range scan), then move at most a few thousand hours into
  // their local days: the time-zone arithmetic never runs per instance.
  const statement = sql`
    with buckets as (select t from (${buckets}) as b where t < ${to}::timestamptz),
    hours as (
      select hour, sum(up_bytes) as up, sum(down_bytes) as down
      from usage_hourly
      where user_id = ${userId}::uuid
        and hour >= (select min(t) from buckets) and hour < ${to}::timestamptz
        ${subjects}
      group by hour
    ),
    usage as (select ${bucketOf} as t, sum(up) as up, sum(down) as down from hours group by 1)
    select buckets.t as time, coalesce(usage.up, 0) as up, coalesce(usage.down, 0) as down
    from buckets left join usage on usage.t = buckets.t
    order by buckets.t`
  let rows: Row[]
  try {
    // Both drivers answer raw SQL as { rows }.
    rows = ((await db.execute(statement)) as unknown as { rows: Row[] }).rows
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
  // Summed in bigint; each figure is part of the customer's lifetime total, which is kept within
  // 2^53 − 1 bytes, so every one converts to an exact JSON number.
  let up = 0n
  let down = 0n
  const series = rows.map((row) => {
    const point = { up: BigInt(row.up), down: BigInt(row.down) }
    up += point.up
    down += point.down
    return {
      time: new Date(row.time).toISOString(),
      upBytes: bytesToWire(point.up),
      downBytes: bytesToWire(point.down),
    }
  })
  return {
    granularity: query.granularity,
    tz,
    series,
    totals: { upBytes: bytesToWire(up), downBytes: bytesToWire(down) },
  }
}
