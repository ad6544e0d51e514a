import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  addDays,
  customDaysChanges,
  defaultGranularity,
  fitsGranularity,
  granularityChanges,
  isDayDisabled,
  presetChanges,
  presetDays,
  readUsageControls,
  resolveGranularity,
  scopeChanges,
  usageRequest,
} from './usage-range.ts'

// vi.unstubAllEnvs deletes TZ again when it was unset (`process.env.TZ = undefined` would set 'undefined').
const withTimeZone = (zone: string) => {
  beforeAll(() => {
    vi.stubEnv('TZ', zone)
  })
  afterAll(() => {
    vi.unstubAllEnvs()
  })
}

const TODAY = '2025-03-14'
const IP = '3f1c2a4e-8b7d-4c1a-9e2f-0a1b2c3d4e5f'
const read = (query: string) => readUsageControls(new URLSearchParams(query), TODAY)

describe('days', () => {
  it('steps over month and year ends by the calendar', () => {
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28')
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29')
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01')
  })

  it('counts presets back from today, today included', () => {
    expect(presetDays('today', TODAY)).toEqual({ first: TODAY, last: TODAY })
    expect(presetDays('7d', TODAY)).toEqual({ first: '2025-03-08', last: TODAY })
    expect(presetDays('30d', TODAY)).toEqual({ first: '2025-02-13', last: TODAY })
  })
})

describe('granularity rules', () => {
  withTimeZone('Asia/Shanghai')

  it('defaults to hours for one day and days for longer ranges', () => {
    expect(defaultGranularity(presetDays('today', TODAY))).toBe('hour')
    expect(defaultGranularity(presetDays('7d', TODAY))).toBe('day')
    expect(defaultGranularity(presetDays('30d', TODAY))).toBe('day')
  })

  it('allows hours up to 93 days and days up to 366', () => {
    expect(fitsGranularity({ first: '2025-01-01', last: '2025-04-03' }, 'hour')).toBe(true) // 93 days
    expect(fitsGranularity({ first: '2025-01-01', last: '2025-04-04' }, 'hour')).toBe(false) // 94 days
    expect(fitsGranularity({ first: '2024-01-01', last: '2024-12-31' }, 'day')).toBe(true) // 366 days
    expect(fitsGranularity({ first: '2024-01-01', last: '2025-01-01' }, 'day')).toBe(false)
    expect(fitsGranularity({ first: '2025-03-10', last: '2025-03-01' }, 'day')).toBe(false)
    expect(fitsGranularity({ first: 'nonsense', last: '2025-03-01' }, 'day')).toBe(false)
  })

  it('falls back to days when hours would be too many', () => {
    const long = { first: '2025-01-01', last: '2025-04-30' }
    expect(resolveGranularity('hour', long)).toBe('day')
    expect(resolveGranularity('hour', presetDays('30d', TODAY))).toBe('hour')
    expect(resolveGranularity('day', presetDays('today', TODAY))).toBe('day')
    expect(resolveGranularity(undefined, presetDays('today', TODAY))).toBe('hour')
  })
})

describe('isDayDisabled', () => {
  withTimeZone('Asia/Shanghai')

  it('blocks days after today and days more than 366 days from the first pick', () => {
    expect(isDayDisabled('2025-03-15', TODAY, undefined)).toBe(true)
    expect(isDayDisabled(TODAY, TODAY, undefined)).toBe(false)
    expect(isDayDisabled('2024-03-14', TODAY, TODAY)).toBe(false) // 366 days
    expect(isDayDisabled('2024-03-13', TODAY, TODAY)).toBe(true)
    expect(isDayDisabled('2025-03-01', TODAY, '2024-03-01')).toBe(false)
  })
})

describe('hour limit across a DST change', () => {
  withTimeZone('America/New_York')

  it('measures the span in real hours, as the server does', () => {
    // 93 calendar days that gain an hour when clocks go back on 2025-11-02 are 93 days + 1 h long.
    expect(fitsGranularity({ first: '2025-09-01', last: '2025-12-02' }, 'hour')).toBe(false)
    expect(fitsGranularity({ first: '2025-09-02', last: '2025-12-02' }, 'hour')).toBe(true)
  })
})

describe('readUsageControls', () => {
  withTimeZone('Asia/Shanghai')

  it('shows the last 7 days by day with every scope by default', () => {
    expect(read('')).toEqual({
      preset: '7d',
      days: { first: '2025-03-08', last: TODAY },
      granularity: 'day',
      isHourAllowed: true,
      scope: { kind: 'all' },
    })
  })

  it('reads a preset, a granularity and a scope', () => {
    expect(read('range=today')).toMatchObject({ preset: 'today', granularity: 'hour' })
    expect(read('range=30d&granularity=hour')).toMatchObject({ preset: '30d', granularity: 'hour' })
    expect(read('scope=traffic-account').scope).toEqual({ kind: 'traffic-account' })
    expect(read(`instanceId=${IP}`).scope).toEqual({ kind: 'instance', instanceId: IP })
  })

  it('reads custom days and disables hours for a range longer than 93 days', () => {
    expect(read('range=custom&start=2024-06-01&end=2024-12-31&granularity=hour')).toEqual({
      preset: 'custom',
      days: { first: '2024-06-01', last: '2024-12-31' },
      granularity: 'day',
      isHourAllowed: false,
      scope: { kind: 'all' },
    })
  })

  it.each([
    'range=yesterday',
    'range=custom',
    'range=custom&start=2025-03-10&end=2025-03-01',
    'range=custom&start=2023-01-01&end=2025-01-01',
    'range=custom&start=2025-02-30&end=2025-03-01',
  ])('falls back to the default range for %s', (query) => {
    expect(read(query)).toMatchObject({ preset: '7d', days: { first: '2025-03-08', last: TODAY } })
  })

  it('ignores an unknown granularity and a malformed instance id', () => {
    expect(read('granularity=minute').granularity).toBe('day')
    expect(read('instanceId=../../etc').scope).toEqual({ kind: 'all' })
  })
})

describe('address changes', () => {
  it('resets the bucket size with a preset and keeps the days on screen for custom', () => {
    const days = presetDays('7d', TODAY)
    expect(presetChanges('today', days)).toEqual({
      range: 'today',
      start: null,
      end: null,
      granularity: null,
    })
    expect(presetChanges('7d', days)).toEqual({ range: null, start: null, end: null, granularity: null })
    expect(presetChanges('custom', days)).toEqual({ range: 'custom', start: '2025-03-08', end: TODAY })
  })

  it('keeps only bucket sizes that differ from the default', () => {
    const oneDay = { first: TODAY, last: TODAY }
    expect(granularityChanges('hour', oneDay)).toEqual({ granularity: null })
    expect(granularityChanges('day', oneDay)).toEqual({ granularity: 'day' })
    expect(customDaysChanges({ first: '2025-03-01', last: '2025-03-03' }, 'hour')).toEqual({
      range: 'custom',
      start: '2025-03-01',
      end: '2025-03-03',
      granularity: 'hour',
    })
    expect(customDaysChanges({ first: '2024-01-01', last: '2024-12-31' }, 'hour').granularity).toBeNull()
  })

  it('writes the scope as scope= or instanceId=', () => {
    expect(scopeChanges({ kind: 'all' })).toEqual({ scope: null, instanceId: null })
    expect(scopeChanges({ kind: 'traffic-account' })).toEqual({ scope: 'traffic-account', instanceId: null })
    expect(scopeChanges({ kind: 'instance', instanceId: IP })).toEqual({ scope: null, instanceId: IP })
  })
})

describe('usageRequest', () => {
  withTimeZone('Asia/Shanghai')

  it('sends whole local days as instants with the offset, the bucket size and the zone', () => {
    expect(
      usageRequest(
        { days: presetDays('today', TODAY), granularity: 'hour', scope: { kind: 'all' } },
        'Asia/Shanghai',
      ),
    ).toEqual({
      from: '2025-03-14T00:00:00+08:00',
      to: '2025-03-15T00:00:00+08:00',
      granularity: 'hour',
      tz: 'Asia/Shanghai',
    })
  })

  it('names one static IP or the traffic account', () => {
    const days = presetDays('7d', TODAY)
    expect(
      usageRequest(
        { days, granularity: 'day', scope: { kind: 'instance', instanceId: IP } },
        'Asia/Shanghai',
      ),
    ).toMatchObject({ from: '2025-03-08T00:00:00+08:00', instanceId: IP })
    const account = usageRequest(
      { days, granularity: 'day', scope: { kind: 'traffic-account' } },
      'Asia/Shanghai',
    )
    expect(account).toMatchObject({ scope: 'traffic-account' })
    expect(account).not.toHaveProperty('instanceId')
  })
})
