// The statements over usage_hourly that other modules need: the node push adds to the buckets in
// its own transaction, and the operators' dashboard sums them.
import { type SQL, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db/client.ts'
import { usageHourly } from './usage.schema.ts'

export type HourlyUsage = {
  kind: 'instance' | 'traffic-account'
  id: string
  userId: string
  up: bigint
  down: bigint
}

/** Adds each subject's bytes to its bucket of this hour, in the caller's transaction (one statement). */
export async function recordHourlyUsage(tx: Tx, hour: Date, rows: HourlyUsage[]) {
  // Arrays travel as one parameter each (unnest); bigints as decimal strings, which both drivers
  // send as they are.
  await tx.execute(sql`
      insert into usage_hourly (subject_kind, subject_id, user_id, hour, up_bytes, down_bytes)
      select kind, id, user_id, ${hour.toISOString()}::timestamptz, up, down
      from unnest(
        ${sql.param(rows.map((t) => t.kind))}::text[],
        ${sql.param(rows.map((t) => t.id))}::uuid[],
        ${sql.param(rows.map((t) => t.userId))}::uuid[],
        ${sql.param(rows.map((t) => t.up.toString()))}::bigint[],
        ${sql.param(rows.map((t) => t.down.toString()))}::bigint[]
      ) as batch(kind, id, user_id, up, down)
      on conflict (subject_kind, subject_id, hour) do update
      set up_bytes = usage_hourly.up_bytes + excluded.up_bytes,
          down_bytes = usage_hourly.down_bytes + excluded.down_bytes`)
}

/** A traffic account's bytes (its sub-users' included) in its buckets from the hour `since` on, as a scalar subquery. */
export const accountBytesSince = (userId: SQL, since: Date): SQL<string> => sql<string>`(
  select coalesce(sum(up_bytes + down_bytes), 0) from usage_hourly
  where subject_kind = 'traffic-account' and subject_id = ${userId} and hour >= ${since.toISOString()}::timestamptz)`

/** Bytes used (up and down) in the hours from `since` on, by traffic accounts and by static IPs. */
export async function usageBytesSince(db: Db, since: Date) {
  const rows = await db
    .select({
      kind: usageHourly.subjectKind,
      bytes: sql<string>`sum(${usageHourly.upBytes} + ${usageHourly.downBytes})`,
    })
    .from(usageHourly)
    .where(sql`${usageHourly.hour} >= ${since.toISOString()}::timestamptz`)
    .groupBy(usageHourly.subjectKind)
  const of = (kind: 'instance' | 'traffic-account') =>
    BigInt(rows.find((row) => row.kind === kind)?.bytes ?? 0)
  return { trafficAccountBytes: of('traffic-account'), instanceBytes: of('instance') }
}
