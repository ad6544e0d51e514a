// A usage series from hourly buckets: hours are UTC hours (whole local hours in every zone with a
// whole-hour offset); days start at local midnight in the requested IANA zone, so a 23- or 25-hour
// DST day is still one bucket. Every bucket in the range is answered, zeros too. The caller names
// its own hourly rows (the traffic account's and static IPs' here, a sub-user's in its module).
import { bytesToWire } from '@proxy/contract/bytes'
import type { UsageSeries } from '@proxy/contract/traffic/usage'
import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { bucketOfHour, bucketStarts, rowsInZone } from '../../platform/db/time-buckets.ts'

// Sums are numeric, which both drivers answer as strings: read with BigInt, never Number.
type Row = { time: Date | string; up: number | string | bigint; down: number | string | bigint }

export type SeriesRange = { from: string; to: string; granularity: 'hour' | 'day'; tz: string }
/**
 * `(hour, up, down)` rows summed per stored hour from `start` (an instant, as SQL) until `end`: an
 * index range scan, so the time-zone arithmetic never runs per subject.
 */
export type HourlyRows = (start: SQL, end: SQL) => SQL

export async function usageSeriesOf(db: Db, range: SeriesRange, hoursOf: HourlyRows): Promise<UsageSeries> {
  const { to, tz } = range
  // Bucket starts as instants: UTC hours, or local midnights converted back from wall time.
  const buckets = bucketStarts(range)
  const bucketOf = bucketOfHour(range)
  const statement = sql`
    with buckets as (select t from (${buckets}) as b where t < ${to}::timestamptz),
    hours as (${hoursOf(sql`(select min(t) from buckets)`, sql`${to}::timestamptz`)}),
    usage as (select ${bucketOf} as t, sum(up) as up, sum(down) as down from hours group by 1)
    select buckets.t as time, coalesce(usage.up, 0) as up, coalesce(usage.down, 0) as down
    from buckets left join usage on usage.t = buckets.t
    order by buckets.t`
  const rows = await rowsInZone<Row>(db, statement)
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
    granularity: range.granularity,
    tz,
    series,
    totals: { upBytes: bytesToWire(up), downBytes: bytesToWire(down) },
  }
}
