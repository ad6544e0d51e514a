// Hourly rows summed into hours or local days: the bucket starts of a range and the bucket an hour falls in.
// Hours are UTC hours (whole local hours in every zone with a whole-hour offset); days start at local
// midnight in the IANA zone `tz`, so a 23- or 25-hour DST day is still one bucket.
import { type SQL, sql } from 'drizzle-orm'
import { AppError } from '../errors.ts'
import { type Db, pgErrorCode } from './client.ts'
import { rowsOf } from './sql.ts'

export type BucketRange = { from: string; to: string; granularity: 'hour' | 'day'; tz: string }

/** `select … as t`: every bucket start from `from` until `to` (the caller drops starts at or past `to`). */
export const bucketStarts = ({ from, to, granularity, tz }: BucketRange): SQL =>
  granularity === 'hour'
    ? sql`select generate_series(date_trunc('hour', ${from}::timestamptz), ${to}::timestamptz, interval '1 hour') as t`
    : sql`select d at time zone ${tz} as t from generate_series(
        date_trunc('day', ${from}::timestamptz at time zone ${tz}),
        ${to}::timestamptz at time zone ${tz},
        interval '1 day') as d`

/** The start of the bucket an `hour` column's value falls in. */
export const bucketOfHour = ({ granularity, tz }: Pick<BucketRange, 'granularity' | 'tz'>): SQL =>
  granularity === 'hour' ? sql`hour` : sql`date_trunc('day', hour at time zone ${tz}) at time zone ${tz}`

/**
 * Runs a statement over time buckets and answers its rows. The contract checks `tz` against the
 * runtime's zone list; the database's list can be shorter, and a zone it lacks is the client's 400.
 */
export async function rowsInZone<T>(db: Db, statement: SQL): Promise<T[]> {
  try {
    return rowsOf<T>(await db.execute(statement))
  } catch (error) {
    if (pgErrorCode(error) !== '22023') throw error
    throw new AppError(
      'VALIDATION_FAILED',
      { issues: [{ field: 'tz', message: 'unknown time zone' }] },
      'tz: unknown time zone',
    )
  }
}
