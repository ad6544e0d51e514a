import { describe, expect, it } from 'vitest'
import { daysLeft } from './days-left.ts'

describe('daysLeft', () => {
  const now = Date.parse('2025-01-01T00:00:00Z')
  it('rounds up and stops at zero', () => {
    expect(daysLeft('2025-01-03T12:00:00Z', now)).toBe(3)
    expect(daysLeft('2025-01-01T00:00:01Z', now)).toBe(1)
    expect(daysLeft('2024-12-30T00:00:00Z', now)).toBe(0)
  })
})
