import { describe, expect, it } from 'vitest'
import { formatBucketTime, formatLocalDateTime, toLocalIsoString } from './format-date.ts'

describe('formatLocalDateTime', () => {
  it('shows the local wall-clock time with seconds', () => {
    const local = new Date(2025, 0, 5, 7, 8, 9)
    expect(formatLocalDateTime(local.toISOString())).toBe('2025-01-05 07:08:09')
    expect(formatLocalDateTime(local.toISOString(), { withSeconds: false })).toBe('2025-01-05 07:08')
  })

  it('leaves an unreadable value as it is', () => {
    expect(formatLocalDateTime('not a date')).toBe('not a date')
  })
})

describe('toLocalIsoString', () => {
  it('writes local time with the offset and names the same instant', () => {
    const date = new Date(2025, 11, 31, 23, 59, 58)
    const iso = toLocalIsoString(date)
    expect(iso).toMatch(/^2025-12-31T23:59:58[+-]\d{2}:\d{2}$/)
    expect(new Date(iso).getTime()).toBe(date.getTime())
  })
})

describe('formatBucketTime', () => {
  it('writes hours and days in the zone of the series', () => {
    expect(formatBucketTime('2025-03-13T16:00:00.000Z', 'hour', 'Asia/Shanghai')).toBe('2025-03-14 00:00')
    expect(formatBucketTime('2025-03-13T16:00:00.000Z', 'day', 'Asia/Shanghai')).toBe('2025-03-14')
    expect(formatBucketTime('2025-03-14T07:00:00.000Z', 'hour', 'UTC')).toBe('2025-03-14 07:00')
  })

  it('keeps local midnight across a DST change', () => {
    // New York: clocks went forward on 2025-03-09, so midnight of the 10th is 04:00 UTC.
    expect(formatBucketTime('2025-03-10T04:00:00.000Z', 'day', 'America/New_York')).toBe('2025-03-10')
    expect(formatBucketTime('2025-03-09T05:00:00.000Z', 'day', 'America/New_York')).toBe('2025-03-09')
  })

  it('leaves an unreadable time as it came', () => {
    expect(formatBucketTime('soon', 'hour', 'UTC')).toBe('soon')
  })
})
