import { describe, expect, it } from 'vitest'
import { formatInZone } from './zoned-time.ts'

describe('formatInZone', () => {
  it('formats an instant in a zone', () => {
    expect(formatInZone('2026-03-01T06:05:00Z', 'UTC')).toBe('2026-03-01 06:05')
    expect(formatInZone('2026-03-01T06:05:00Z', 'America/New_York')).toBe('2026-03-01 01:05')
  })
})
