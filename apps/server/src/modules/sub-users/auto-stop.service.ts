// Auto-stop of the traffic account's own login: a daily cap that pauses the login (not its
// sub-users) until the next local day, or until the customer lifts it. A change is logged for the
// nodes by a trigger (migration 0026), as the account's.
//
// The node push counts the login's bytes of the day only once it has a row here (a cap set, or a
// pause lifted): most logins never have one, and a push then writes nothing for them. Before that,
// what it used today comes from the hourly buckets: its account's bytes less its sub-users', from
// the hour local midnight falls in (the same figure to the byte where midnight is on the hour; in
// a zone offset by 30 or 45 minutes that first hour is counted whole; a push committing in the
// very instant the row is made may be left out of it).
import { bytesToWire } from '@proxy/contract/bytes'
import type { AutoStop } from '@proxy/contract/traffic/auto-stop'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { rowsOf } from '../../platform/db/sql.ts'
import { accountBytesSince } from '../traffic/index.ts'
import { autoStopLeft, todayBytes } from './caps.ts'
import type { Calendar } from './local-days.ts'
import { customerCalendar } from './sub-user-view.ts'
import { loginAutoStops, subUsers, subUserUsageHourly } from './sub-users.schema.ts'

type LoginRow = typeof loginAutoStops.$inferSelect

const HOUR_MS = 3600_000

/** The login's own bytes today by the hourly buckets, as a scalar subquery (see the top of this file). */
function bucketBytesToday(userId: string, calendar: Calendar) {
  const since = new Date(Math.floor(calendar.dayStart.getTime() / HOUR_MS) * HOUR_MS)
  const subUsersBytes = sql`(
    select coalesce(sum(h.up_bytes + h.down_bytes), 0) from ${subUserUsageHourly} h
    where h.sub_user_id in (select s.id from ${subUsers} s where s.user_id = ${userId}::uuid)
      and h.hour >= ${since.toISOString()}::timestamptz)`
  return sql<string>`greatest(${accountBytesSince(sql`${userId}::uuid`, since)} - ${subUsersBytes}, 0)`
}

/** A new row's counters: today, and what the login used of it so far. */
const firstCounters = (userId: string, calendar: Calendar) => ({
  day: calendar.day,
  dayBytes: sql`${bucketBytesToday(userId, calendar)}::bigint`,
})

export function toAutoStop(row: LoginRow | undefined, calendar: Calendar, bucketBytes = 0n): AutoStop {
  const left = row ? autoStopLeft(row, row.dailyBytes, calendar) : undefined
  return {
    dailyBytes: row?.dailyBytes == null ? null : bytesToWire(row.dailyBytes),
    todayBytes: bytesToWire(row ? todayBytes(row, calendar) : bucketBytes),
    pausedUntil: left !== undefined && left <= 0n ? calendar.nextDay.toISOString() : null,
    liftedToday: row?.liftedOn === calendar.day,
    timeZone: calendar.zone,
  }
}

export async function readAutoStop(db: Db, userId: string): Promise<AutoStop> {
  const [row] = await db.select().from(loginAutoStops).where(eq(loginAutoStops.userId, userId))
  const calendar = await customerCalendar(db, userId)
  if (row) return toAutoStop(row, calendar)
  const [counted] = rowsOf<{ bytes: string }>(
    await db.execute(sql`select ${bucketBytesToday(userId, calendar)} as bytes`),
  )
  return toAutoStop(undefined, calendar, BigInt(counted?.bytes ?? 0))
}

/** Sets or clears the cap; what the login used today still counts against a new cap. */
export async function setAutoStop(db: Db, userId: string, dailyBytes: number | null): Promise<AutoStop> {
  const cap = dailyBytes === null ? null : BigInt(dailyBytes)
  const calendar = await customerCalendar(db, userId)
  const [row] = await db
    .insert(loginAutoStops)
    .values({ userId, dailyBytes: cap, ...firstCounters(userId, calendar) })
    .onConflictDoUpdate({ target: loginAutoStops.userId, set: { dailyBytes: cap } })
    .returning()
  return toAutoStop(row, calendar)
}

export async function liftAutoStop(db: Db, userId: string): Promise<AutoStop> {
  const calendar = await customerCalendar(db, userId)
  const [row] = await db
    .insert(loginAutoStops)
    .values({ userId, liftedOn: calendar.day, ...firstCounters(userId, calendar) })
    .onConflictDoUpdate({ target: loginAutoStops.userId, set: { liftedOn: calendar.day } })
    .returning()
  return toAutoStop(row, calendar)
}
