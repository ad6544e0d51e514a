// The node push's part for sub-users and auto-stops, in the push's transaction: who owns the
// sub-users named, and each credential's bytes added to its hourly buckets and its day and month
// counters on the customer's local calendar. (The account's own totals, buckets and packages get a
// sub-user's bytes from the nodes module, which bills them to the account.)
import { sql } from 'drizzle-orm'
import type { Tx } from '../../platform/db/client.ts'
import { anyUuid, rowsOf } from '../../platform/db/sql.ts'
import { timeZoneOf } from '../auth/index.ts'
import { calendarsAt } from './local-days.ts'
import { loginAutoStops, subUsers } from './sub-users.schema.ts'

/** Sub-users among these ids, deleted ones too (bytes carried before a node dropped them are theirs), with their customer. */
export const subUserOwners = (tx: Tx, ids: string[]) =>
  tx
    .select({ id: subUsers.id, userId: subUsers.userId })
    .from(subUsers)
    .where(sql`${subUsers.id} = ${anyUuid(ids)}`)

export type CredentialBytes = { id: string; userId: string; up: bigint; down: bigint }

type ZoneRow = { user_id: string; zone: string | null }

/** The saved time zone of each customer named. */
const zonesOf = async (tx: Tx, userIds: string[]) =>
  userIds.length === 0
    ? []
    : rowsOf<ZoneRow>(
        await tx.execute(sql`
          select v.id as user_id, ${timeZoneOf(sql`v.id`)} as zone
          from unnest(${sql.param([...new Set(userIds)])}::uuid[]) as v(id)`),
      )

/** The logins among these that keep a day counter (those with an auto-stop row), with their customer's zone. */
const countedLoginZones = async (tx: Tx, logins: CredentialBytes[]) =>
  logins.length === 0
    ? []
    : rowsOf<ZoneRow>(
        await tx.execute(sql`
          select l.user_id, ${timeZoneOf(sql`l.user_id`)} as zone from ${loginAutoStops} l
          where l.user_id = ${anyUuid(logins.map((c) => c.userId))}`),
      )

/**
 * Adds a push's bytes: each sub-user's to its hourly bucket and its counters, each account login's
 * (`logins`: its own bytes, not its sub-users') to the day counter its auto-stop is judged by. Only
 * logins with an auto-stop row keep that counter (auto-stop.service.ts): for the rest, which are
 * most, the push writes nothing here.
 */
export async function recordCredentialUsage(
  tx: Tx,
  now: Date,
  hour: Date,
  subs: CredentialBytes[],
  logins: CredentialBytes[],
) {
  const loginZones = await countedLoginZones(tx, logins)
  if (subs.length + loginZones.length === 0) return
  const isCounted = new Set(loginZones.map((row) => row.user_id))
  const counted = logins.filter((c) => isCounted.has(c.userId))
  const calendarOf = calendarsAt(now)
  const zones = [
    ...(await zonesOf(
      tx,
      subs.map((c) => c.userId),
    )),
    ...loginZones,
  ]
  const calendars = new Map(zones.map((row) => [row.user_id, calendarOf(row.zone)]))
  const dayOf = (c: CredentialBytes) => calendars.get(c.userId)?.day ?? null
  const total = (c: CredentialBytes) => (c.up + c.down).toString()
  if (subs.length > 0) {
    await tx.execute(sql`
      insert into sub_user_usage_hourly (sub_user_id, user_id, hour, up_bytes, down_bytes)
      select id, user_id, ${hour.toISOString()}::timestamptz, up, down
      from unnest(
        ${sql.param(subs.map((c) => c.id))}::uuid[],
        ${sql.param(subs.map((c) => c.userId))}::uuid[],
        ${sql.param(subs.map((c) => c.up.toString()))}::bigint[],
        ${sql.param(subs.map((c) => c.down.toString()))}::bigint[]
      ) as batch(id, user_id, up, down)
      on conflict (sub_user_id, hour) do update
      set up_bytes = sub_user_usage_hourly.up_bytes + excluded.up_bytes,
          down_bytes = sub_user_usage_hourly.down_bytes + excluded.down_bytes`)
    // A counter whose day (month) is past starts again from this push's bytes.
    await tx.execute(sql`
      update sub_users s
      set used_bytes = s.used_bytes + v.bytes,
          day_bytes = case when s.day = v.day then s.day_bytes + v.bytes else v.bytes end,
          day = v.day,
          month_bytes = case when s.month = v.month then s.month_bytes + v.bytes else v.bytes end,
          month = v.month
      from unnest(
        ${sql.param(subs.map((c) => c.id))}::uuid[],
        ${sql.param(subs.map(total))}::bigint[],
        ${sql.param(subs.map(dayOf))}::date[],
        ${sql.param(subs.map((c) => calendars.get(c.userId)?.month ?? null))}::date[]
      ) as v(id, bytes, day, month)
      where s.id = v.id`)
  }
  if (counted.length > 0)
    await tx.execute(sql`
      update login_auto_stops as l
      set day_bytes = case when l.day = v.day then l.day_bytes + v.bytes else v.bytes end,
          day = v.day
      from unnest(
        ${sql.param(counted.map((c) => c.userId))}::uuid[],
        ${sql.param(counted.map(dayOf))}::date[],
        ${sql.param(counted.map(total))}::bigint[]
      ) as v(user_id, day, bytes)
      where l.user_id = v.user_id`)
}
