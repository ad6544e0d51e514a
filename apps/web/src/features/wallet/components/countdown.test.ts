import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { formatCountdown, remainingMs, useRemainingMs } from './countdown.ts'

describe('formatCountdown', () => {
  it.each([
    [30 * 60_000, '30:00'],
    [29 * 60_000 + 59_000, '29:59'],
    [61_000, '01:01'],
    [999, '00:01'],
    [1, '00:01'],
    [0, '00:00'],
    [-5000, '00:00'],
    [3600_000, '1:00:00'],
    [3600_000 + 65_000, '1:01:05'],
  ])('shows %i ms as %s', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text)
  })
})

describe('remainingMs', () => {
  it('counts down to the expiry and stops at 0', () => {
    const now = Date.parse('2025-01-01T00:00:00Z')
    expect(remainingMs('2025-01-01T00:30:00Z', now)).toBe(30 * 60_000)
    expect(remainingMs('2024-12-31T23:59:00Z', now)).toBe(0)
    expect(remainingMs('garbage', now)).toBe(0)
  })
})

describe('useRemainingMs', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(Date.parse('2025-01-01T00:00:00Z'))
  })
  afterEach(() => vi.useRealTimers())

  it('ticks every second and stops at the expiry', () => {
    const { result } = renderHook(() => useRemainingMs('2025-01-01T00:00:03Z'))
    expect(result.current).toBe(3000)
    act(() => vi.advanceTimersByTime(1000))
    expect(result.current).toBe(2000)
    act(() => vi.advanceTimersByTime(5000))
    expect(result.current).toBe(0)
    expect(vi.getTimerCount()).toBe(0)
  })
})
