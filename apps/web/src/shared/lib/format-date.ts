// Dates from the API are ISO strings; show them in the reader's language or as a fixed local timestamp.
import dayjs from 'dayjs'

export const formatDateTime = (iso: string, language: string): string => {
  const date = dayjs(iso)
  if (!date.isValid()) return iso
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date.toDate())
}

/** YYYY-MM-DD HH:mm:ss (or HH:mm) in the browser's time zone, for tables that line up and sort by eye. */
export const formatLocalDateTime = (iso: string, { withSeconds = true } = {}): string => {
  const date = dayjs(iso)
  if (!date.isValid()) return iso
  return date.format(withSeconds ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD HH:mm')
}

/** An ISO 8601 timestamp in local time with its UTC offset, e.g. 2025-01-31T00:00:00+08:00. */
export const toLocalIsoString = (date: Date): string => dayjs(date).format('YYYY-MM-DDTHH:mm:ssZ')

const formatters = new Map<string, Intl.DateTimeFormat>()
const partsIn = (date: Date, tz: string) => {
  let formatter = formatters.get(tz)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    formatters.set(tz, formatter)
  }
  return Object.fromEntries(formatter.formatToParts(date).map((part) => [part.type, part.value]))
}

/** "2025-03-14 08:00" for an hour, "2025-03-14" for a day, in `tz`: lines up in a table and sorts as text. */
export const formatBucketTime = (iso: string, granularity: 'hour' | 'day', tz: string): string => {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  const parts = partsIn(date, tz)
  const day = `${parts.year}-${parts.month}-${parts.day}`
  return granularity === 'day' ? day : `${day} ${parts.hour}:${parts.minute}`
}
