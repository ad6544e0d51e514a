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
