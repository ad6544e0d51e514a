// Building blocks for every string and instant a client sends. PostgreSQL refuses NUL in text
// and years it cannot store, so these are refused here, at the edge, with a clear 400 — never a
// 500 from the database — and control characters have no place in names, searches or ids.
import { z } from 'zod'

// Control characters (C0, DEL, C1) and UTF-16 halves without their partner (not Unicode).
const CONTROL = /[\p{Cc}\p{Cs}]/u
const CONTROL_EXCEPT_LINES = /(?![\t\n\r])[\p{Cc}\p{Cs}]/u

/**
 * A string without control characters; `multiline` lets tab and line breaks through. Chain the
 * usual checks after it: `text().trim().min(1).max(32)`.
 */
export const text = (options: { multiline?: boolean } = {}) =>
  z.string().refine((value) => !(options.multiline ? CONTROL_EXCEPT_LINES : CONTROL).test(value), {
    message: options.multiline
      ? 'must not contain control characters other than tabs and line breaks'
      : 'must not contain control characters',
  })

/** Instants clients may ask about: wide enough for any real query, and storable everywhere. */
export const EARLIEST_INSTANT = '2000-01-01T00:00:00Z'
export const LATEST_INSTANT = '2100-01-01T00:00:00Z'

/** An ISO 8601 instant with an offset (`…Z` or `…+08:00`), between EARLIEST_INSTANT and LATEST_INSTANT. */
export const instant = () =>
  z.iso.datetime({ offset: true }).refine(
    (value) => {
      const time = Date.parse(value)
      return time >= Date.parse(EARLIEST_INSTANT) && time <= Date.parse(LATEST_INSTANT)
    },
    { message: `must be between ${EARLIEST_INSTANT} and ${LATEST_INSTANT}` },
  )

// Zone names as IANA spells them (Asia/Shanghai, America/Argentina/Buenos_Aires, Etc/GMT+8, UTC):
// no offsets such as +08:00, which newer runtimes would also accept as a zone.
const IANA_ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/

/**
 * An IANA time zone as sent, with the runtime's capitals (`asia/shanghai` → `Asia/Shanghai`), or
 * undefined when the runtime knows no such zone. Links stay as sent (America/Argentina/Buenos_Aires
 * is not turned into America/Buenos_Aires), so a browser finds its own zone saved as it reported it.
 */
export const canonicalTimeZone = (zone: string): string | undefined => {
  if (zone.length > 64 || !IANA_ZONE_NAME.test(zone)) return undefined
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone
    return resolved.toLowerCase() === zone.toLowerCase() ? resolved : zone
  } catch {
    return undefined
  }
}

/** An IANA time zone the runtime knows (see canonicalTimeZone for its spelling). */
export const timeZone = () =>
  z
    .string()
    .max(64)
    .transform((zone, context) => {
      const canonical = canonicalTimeZone(zone)
      if (canonical) return canonical
      context.addIssue({ code: 'custom', message: 'must be an IANA time zone such as Asia/Shanghai' })
      return z.NEVER
    })
