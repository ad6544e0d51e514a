// Dates from the API are ISO strings; show them in the reader's language or as a fixed local timestamp.
import { formatInZone } from '@proxy/contract/zoned-time'
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

/** "2025-03-14 08:00" for an hour, "2025-03-14" for a day, in `tz`: lines up in a table and sorts as text. */
export const formatBucketTime = (iso: string, granularity: 'hour' | 'day', tz: string): string => {
  if (Number.isNaN(Date.parse(iso))) return iso
  const minute = formatInZone(iso, tz)
  return granularity === 'day' ? minute.slice(0, 'YYYY-MM-DD'.length) : minute
}
