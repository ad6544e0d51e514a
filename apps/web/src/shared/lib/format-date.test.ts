import { describe, expect, it } from 'vitest'
import { formatLocalDateTime, toLocalIsoString } from './format-date.ts'

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
