// A sub-user as the console and the API show it: its settings, its status and usage on the
// customer's local day, never its password (that is answered once, by whoever set it).
import { bytesToWire } from '@proxy/contract/bytes'
import type { SubUser } from '@proxy/contract/traffic/sub-users'
import { sql } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db/client.ts'
import { rowsOf } from '../../platform/db/sql.ts'
import { timeZoneOf } from '../auth/index.ts'
import { subUserFigures } from './caps.ts'
import { type Calendar, calendarOf, zoneOf } from './local-days.ts'
import type { subUsers } from './sub-users.schema.ts'

export type SubUserRow = typeof subUsers.$inferSelect

/** The customer's calendar now: their saved zone (or the default), today and this month. */
export async function customerCalendar(db: Db | Tx, userId: string, now = new Date()): Promise<Calendar> {
  const [row] = rowsOf<{ zone: string | null }>(
    await db.execute(sql`select ${timeZoneOf(sql`${userId}::uuid`)} as zone`),
  )
  return calendarOf(zoneOf(row?.zone), now)
}

export function toSubUser(row: SubUserRow, calendar: Calendar): SubUser {
  const figures = subUserFigures(row, calendar)
  return {
    id: row.id,
    username: row.username,
    note: row.note,
    status: figures.status,
    limit:
      row.limitBytes !== null && row.limitPeriod !== null
        ? {
            bytes: bytesToWire(row.limitBytes),
            period: row.limitPeriod,
            usedBytes: bytesToWire(figures.limitUsed),
            resetsAt: figures.resetsAt?.toISOString() ?? null,
          }
        : null,
    maxTunnels: row.maxTunnels,
    autoStopBytes: row.autoStopBytes === null ? null : bytesToWire(row.autoStopBytes),
    pausedUntil: figures.status === 'paused' ? calendar.nextDay.toISOString() : null,
    usage: {
      totalBytes: bytesToWire(row.usedBytes),
      todayBytes: bytesToWire(figures.today),
      monthBytes: bytesToWire(figures.month),
    },
    createdAt: row.createdAt.toISOString(),
  }
}
