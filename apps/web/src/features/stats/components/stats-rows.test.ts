import { describe, expect, it } from 'vitest'
import { formatBucketTime } from '../../../shared/lib/format-date.ts'
import { readStatsControls, statsRequest } from './stats-range.ts'
import { activeRows, reasonsOf, successRate } from './stats-rows.ts'

const none = {
  authentication: 0,
  policy: 0,
  dns: 0,
  timeout: 0,
  targetRefused: 0,
  overCap: 0,
  quota: 0,
  other: 0,
}
const point = (time: string, opened: number, peak = 0) => ({
  time,
  opened,
  succeeded: opened - 1 > 0 ? opened - 1 : 0,
  failed: opened > 0 ? 1 : 0,
  failures: { ...none, dns: opened > 0 ? 1 : 0 },
  peakConcurrent: peak,
})

describe('statistics rows', () => {
  it('labels buckets in the zone they were cut in', () => {
    expect(formatBucketTime('2026-11-29T00:00:00.000Z', 'hour', 'Asia/Shanghai')).toBe('2026-11-29 08:00')
    expect(formatBucketTime('2026-11-28T16:00:00.000Z', 'day', 'Asia/Shanghai')).toBe('2026-11-29')
  })

  it('keeps the buckets where something happened, newest first', () => {
    const rows = activeRows(
      [
        point('2026-11-29T00:00:00.000Z', 3),
        point('2026-11-29T01:00:00.000Z', 0),
        point('2026-11-29T02:00:00.000Z', 0, 2),
      ],
      'hour',
      'UTC',
    )
    expect(rows.map((row) => row.label)).toEqual(['2026-11-29 02:00', '2026-11-29 00:00'])
  })

  it('gives the success rate and the reasons that happened, most first', () => {
    expect(successRate({ opened: 0, succeeded: 0 })).toBeNull()
    expect(successRate({ opened: 3, succeeded: 2 })).toBe(66.7)
    expect(reasonsOf({ failures: { ...none, dns: 1, timeout: 4 } })).toEqual([
      { reason: 'timeout', count: 4 },
      { reason: 'dns', count: 1 },
    ])
  })
})

describe('statistics controls', () => {
  it('reads the range and subject from the address, falling back on the defaults', () => {
    expect(readStatsControls(new URLSearchParams('range=30d&subject=traffic-account'))).toEqual({
      range: '30d',
      subject: 'traffic-account',
    })
    expect(readStatsControls(new URLSearchParams('range=1y&subject=instance:nope'))).toEqual({
      range: '24h',
      subject: 'account',
    })
  })

  it('asks for whole hours up to the end of this one, or whole days up to the end of today', () => {
    const now = new Date(2026, 10, 29, 14, 25)
    const hours = statsRequest({ range: '24h', subject: 'account' }, now, 'UTC')
    expect(Date.parse(hours.to) - Date.parse(hours.from)).toBe(24 * 3_600_000)
    expect(new Date(hours.to).getMinutes()).toBe(0)
    expect(hours.granularity).toBe('hour')
    const days = statsRequest({ range: '30d', subject: 'account' }, now, 'UTC')
    expect(days.granularity).toBe('day')
    expect(new Date(days.to).getHours()).toBe(0)
    expect(new Date(days.from).getDate()).toBe(new Date(2026, 9, 31).getDate())
  })
})
