// Days and months in a customer's time zone, worked out with Intl (which knows every zone the
// contract accepted when the customer saved it); a customer without a saved zone counts in the
// console's default, Asia/Shanghai.
import { DEFAULT_USAGE_TIME_ZONE } from '@proxy/contract/traffic/usage'

export type Calendar = {
  zone: string
  /** Today, local: YYYY-MM-DD. */
  day: string
  /** The first day of this local month: YYYY-MM-01. */
  month: string
  /** The instant today started, local midnight. */
  dayStart: Date
  /** The instant the next local day starts. */
  nextDay: Date
  nextMonth: Date
}

const formats = new Map<string, Intl.DateTimeFormat>()
function formatOf(zone: string): Intl.DateTimeFormat | undefined {
  let format = formats.get(zone)
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        ...{ year: 'numeric', month: 'numeric', day: 'numeric' },
        ...{ hour: 'numeric', minute: 'numeric', second: 'numeric' },
      })
    } catch {
      return undefined
    }
    if (formats.size > 1000) formats.clear()
    formats.set(zone, format)
  }
  return format
}

/** The zone to count in: the saved one when this runtime knows it, else the default. */
export const zoneOf = (saved: string | null | undefined): string =>
  saved && formatOf(saved) ? saved : DEFAULT_USAGE_TIME_ZONE

/** The wall clock of `at` in `zone`, as if it were UTC (milliseconds). */
function wallClock(at: number, zone: string): number {
  const parts = Object.fromEntries(
    (formatOf(zone) ?? (formatOf(DEFAULT_USAGE_TIME_ZONE) as Intl.DateTimeFormat))
      .formatToParts(at)
      .map((part) => [part.type, Number(part.value)]),
  )
  return Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day, parts.hour, parts.minute, parts.second)
}

/** The instant at which the wall clock in `zone` reads `wall` (a UTC-encoded wall time). */
function instantOf(wall: number, zone: string): Date {
  // Two rounds settle the offset on either side of a daylight-saving change.
  let at = wall - (wallClock(wall, zone) - wall)
  at = wall - (wallClock(at, zone) - at)
  return new Date(at)
}

const isoDay = (wall: number) => new Date(wall).toISOString().slice(0, 10)

export function calendarOf(zone: string, now: Date = new Date()): Calendar {
  const wall = new Date(wallClock(now.getTime(), zone))
  const [year, month, day] = [wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate()]
  return {
    zone,
    day: isoDay(Date.UTC(year, month, day)),
    month: isoDay(Date.UTC(year, month, 1)),
    dayStart: instantOf(Date.UTC(year, month, day), zone),
    nextDay: instantOf(Date.UTC(year, month, day + 1), zone),
    nextMonth: instantOf(Date.UTC(year, month + 1, 1), zone),
  }
}

/** Calendars per zone for one moment: a push or a pull works out each zone once. */
export function calendarsAt(now: Date) {
  const byZone = new Map<string, Calendar>()
  return (saved: string | null | undefined): Calendar => {
    const zone = zoneOf(saved)
    let calendar = byZone.get(zone)
    if (!calendar) {
      calendar = calendarOf(zone, now)
      byZone.set(zone, calendar)
    }
    return calendar
  }
}

/** Whether some zone's day can have changed between the two instants (every offset is a multiple of 15 minutes). */
export const mayHaveTurnedDay = (since: Date, now: Date) =>
  Math.floor(since.getTime() / 900_000) !== Math.floor(now.getTime() / 900_000)
