// What the proxy nodes serve of sub-users and auto-stops, read inside the node pull's snapshot: the
// sub-users with what each may still use now, the account logins' daily caps, and the credentials
// whose figures changed only because a local day (or month) turned, which nothing wrote.
import { bytesToWire } from '@proxy/contract/bytes'
import { and, asc, isNotNull, isNull, or, sql } from 'drizzle-orm'
import type { Tx } from '../../platform/db/client.ts'
import { anyUuid } from '../../platform/db/sql.ts'
import { isNotSuspended, timeZoneOf } from '../auth/index.ts'
import { autoStopLeft, minLeft, subUserFigures } from './caps.ts'
import { calendarsAt, mayHaveTurnedDay } from './local-days.ts'
import { loginAutoStops, subUsers } from './sub-users.schema.ts'

const served = and(isNull(subUsers.deletedAt), isNull(subUsers.disabledAt), isNotSuspended(subUsers.userId))

/** The sub-users nodes serve (these only, when given): live, enabled, of customers not suspended. */
export async function servedSubUsers(tx: Tx, now: Date, ids?: string[]) {
  const rows = await tx
    .select({ row: subUsers, zone: timeZoneOf(subUsers.userId) })
    .from(subUsers)
    .where(and(served, ids ? sql`${subUsers.id} = ${anyUuid(ids)}` : undefined))
    .orderBy(asc(subUsers.id))
  const calendarOf = calendarsAt(now)
  return rows.map(({ row, zone }) => {
    const calendar = calendarOf(zone)
    const { capBytes, isPaused } = subUserFigures(row, calendar)
    return {
      id: row.id,
      account: row.userId,
      username: row.username,
      password: row.password,
      ...(capBytes !== undefined && { capBytes: bytesToWire(capBytes) }),
      ...(row.maxTunnels !== null && { maxTunnels: row.maxTunnels }),
      ...(isPaused && { pausedUntil: calendar.nextDay.toISOString() }),
    }
  })
}

/** The traffic accounts as pulled, each login with what its daily cap leaves today (when it has one). */
export async function withLoginCaps<A extends { id: string }>(tx: Tx, now: Date, accounts: A[]) {
  if (accounts.length === 0) return accounts
  const rows = await tx
    .select({ row: loginAutoStops, zone: timeZoneOf(loginAutoStops.userId) })
    .from(loginAutoStops)
    .where(
      and(
        isNotNull(loginAutoStops.dailyBytes),
        sql`${loginAutoStops.userId} = ${anyUuid(accounts.map((account) => account.id))}`,
      ),
    )
  const calendarOf = calendarsAt(now)
  const caps = new Map(
    rows.map(({ row, zone }) => {
      const calendar = calendarOf(zone)
      const left = minLeft(autoStopLeft(row, row.dailyBytes, calendar))
      return [row.userId, { left, calendar }] as const
    }),
  )
  return accounts.map((account) => {
    const cap = caps.get(account.id)
    if (cap?.left === undefined) return account
    return {
      ...account,
      capBytes: bytesToWire(cap.left),
      ...(cap.left === 0n && { pausedUntil: cap.calendar.nextDay.toISOString() }),
    }
  })
}

/**
 * Sub-users and account logins whose day (or month) turned between `since` and `now` in their
 * customer's zone, while they have a daily or monthly figure: their caps start again.
 */
export async function turnedDay(tx: Tx, since: Date, now: Date) {
  if (!mayHaveTurnedDay(since, now)) return { subUsers: [], accounts: [] }
  const [subs, logins] = [
    await tx
      .select({ id: subUsers.id, zone: timeZoneOf(subUsers.userId) })
      .from(subUsers)
      .where(
        and(served, or(sql`${subUsers.limitPeriod} in ('day', 'month')`, isNotNull(subUsers.autoStopBytes))),
      ),
    await tx
      .select({ id: loginAutoStops.userId, zone: timeZoneOf(loginAutoStops.userId) })
      .from(loginAutoStops)
      .where(isNotNull(loginAutoStops.dailyBytes)),
  ]
  const before = calendarsAt(since)
  const after = calendarsAt(now)
  const turned = (rows: { id: string; zone: string | null }[]) =>
    rows.filter(({ zone }) => before(zone).day !== after(zone).day).map(({ id }) => id)
  return { subUsers: turned(subs), accounts: turned(logins) }
}
