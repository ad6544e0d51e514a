import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { dayRangeToInstants } from './date-range.ts'

// vi.unstubAllEnvs deletes TZ again when it was unset (`process.env.TZ = undefined` would set 'undefined').
const withTimeZone = (zone: string) => {
  beforeAll(() => {
    vi.stubEnv('TZ', zone)
  })
  afterAll(() => {
    vi.unstubAllEnvs()
  })
}

describe('dayRangeToInstants in Shanghai', () => {
  withTimeZone('Asia/Shanghai')

  it('covers the first day from midnight to the midnight after the last day', () => {
    expect(dayRangeToInstants({ first: '2025-01-01', last: '2025-01-31' })).toEqual({
      from: '2025-01-01T00:00:00+08:00',
      to: '2025-02-01T00:00:00+08:00',
    })
  })

  it('covers one whole day when both ends are the same day', () => {
    expect(dayRangeToInstants({ first: '2024-02-29', last: '2024-02-29' })).toEqual({
      from: '2024-02-29T00:00:00+08:00',
      to: '2024-03-01T00:00:00+08:00',
    })
  })

  it('rolls over the end of the year', () => {
    expect(dayRangeToInstants({ first: '2025-12-31', last: '2025-12-31' })?.to).toBe(
      '2026-01-01T00:00:00+08:00',
    )
  })

  it('puts reversed ends in order', () => {
    expect(dayRangeToInstants({ first: '2025-03-10', last: '2025-03-01' })).toEqual({
      from: '2025-03-01T00:00:00+08:00',
      to: '2025-03-11T00:00:00+08:00',
    })
  })

  it.each([null, { first: '', last: '2025-01-01' }, { first: '2025-02-30', last: '2025-03-01' }])(
    'gives no range for %o',
    (range) => {
      expect(dayRangeToInstants(range)).toBeNull()
    },
  )
})

describe('dayRangeToInstants across a DST change (New York)', () => {
  withTimeZone('America/New_York')

  it('keeps the offsets of each end and the 23-hour day whole', () => {
    // Clocks went forward on 2025-03-09: that day has 23 hours.
    const range = dayRangeToInstants({ first: '2025-03-09', last: '2025-03-09' })
    expect(range).toEqual({ from: '2025-03-09T00:00:00-05:00', to: '2025-03-10T00:00:00-04:00' })
    if (!range) throw new Error('no range')
    expect(new Date(range.to).getTime() - new Date(range.from).getTime()).toBe(23 * 3600_000)
  })
})

describe('dayRangeToInstants in UTC', () => {
  withTimeZone('UTC')

  it('writes the +00:00 offset', () => {
    expect(dayRangeToInstants({ first: '2025-06-01', last: '2025-06-02' })).toEqual({
      from: '2025-06-01T00:00:00+00:00',
      to: '2025-06-03T00:00:00+00:00',
    })
  })
})
