// Dates from the API are ISO strings; show them in the reader's language or as a fixed local timestamp.
export const formatDateTime = (iso: string, language: string): string => {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date)
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0')

/** YYYY-MM-DD HH:mm:ss (or HH:mm) in the browser's time zone, for tables that line up and sort by eye. */
export const formatLocalDateTime = (iso: string, { withSeconds = true } = {}): string => {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}`
  return withSeconds ? `${day} ${time}:${pad(date.getSeconds())}` : `${day} ${time}`
}

/** An ISO 8601 timestamp in local time with its UTC offset, e.g. 2025-01-31T00:00:00+08:00. */
export const toLocalIsoString = (date: Date): string => {
  const offset = -date.getTimezoneOffset()
  const sign = offset >= 0 ? '+' : '-'
  const zone = `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`
  const day = `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
  return `${day}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}${zone}`
}
