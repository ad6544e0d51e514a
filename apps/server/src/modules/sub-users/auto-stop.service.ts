// Auto-stop of the traffic account's own login: a daily cap that pauses the login (not its
// sub-users) until the next local day, or until the customer lifts it. A change is logged for the
// nodes by a trigger (migration 0026), as the account's.
import { bytesToWire } from '@proxy/contract/bytes'
import type { AutoStop } from '@proxy/contract/traffic/auto-stop'
import { eq } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { autoStopLeft, todayBytes } from './caps.ts'
import type { Calendar } from './local-days.ts'
import { customerCalendar } from './sub-user-view.ts'
import { loginAutoStops } from './sub-users.schema.ts'

type LoginRow = typeof loginAutoStops.$inferSelect

export function toAutoStop(row: LoginRow | undefined, calendar: Calendar): AutoStop {
  const left = row ? autoStopLeft(row, row.dailyBytes, calendar) : undefined
  return {
    dailyBytes: row?.dailyBytes == null ? null : bytesToWire(row.dailyBytes),
    todayBytes: row ? bytesToWire(todayBytes(row, calendar)) : 0,
    pausedUntil: left !== undefined && left <= 0n ? calendar.nextDay.toISOString() : null,
    liftedToday: row?.liftedOn === calendar.day,
    timeZone: calendar.zone,
  }
}

export async function readAutoStop(db: Db, userId: string): Promise<AutoStop> {
  const [row] = await db.select().from(loginAutoStops).where(eq(loginAutoStops.userId, userId))
  return toAutoStop(row, await customerCalendar(db, userId))
}

/** Sets or clears the cap; what the login used today still counts against a new cap. */
export async function setAutoStop(db: Db, userId: string, dailyBytes: number | null): Promise<AutoStop> {
  const cap = dailyBytes === null ? null : BigInt(dailyBytes)
  const [row] = await db
    .insert(loginAutoStops)
    .values({ userId, dailyBytes: cap })
    .onConflictDoUpdate({ target: loginAutoStops.userId, set: { dailyBytes: cap } })
    .returning()
  return toAutoStop(row, await customerCalendar(db, userId))
}

export async function liftAutoStop(db: Db, userId: string): Promise<AutoStop> {
  const calendar = await customerCalendar(db, userId)
  const [row] = await db
    .insert(loginAutoStops)
    .values({ userId, liftedOn: calendar.day })
    .onConflictDoUpdate({ target: loginAutoStops.userId, set: { liftedOn: calendar.day } })
    .returning()
  return toAutoStop(row, calendar)
}
