import { describe, expect, it } from 'vitest'
import { formatBucketTime, startedBuckets, usageCsv, usageCsvFileName, usageRows } from './usage-rows.ts'

const point = (time: string, upBytes: number, downBytes: number) => ({ time, upBytes, downBytes })

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

describe('rows', () => {
  const series = [
    point('2025-03-14T00:00:00.000Z', 1, 2),
    point('2025-03-14T01:00:00.000Z', 0, 0),
    point('2025-03-14T02:00:00.000Z', 5, 10),
  ]

  it('drops buckets that have not started yet', () => {
    expect(startedBuckets(series, Date.parse('2025-03-14T01:30:00Z'))).toHaveLength(2)
    expect(startedBuckets(series, Date.parse('2025-03-14T01:00:00Z'))).toHaveLength(2)
  })

  it('adds the total and keeps zero buckets', () => {
    expect(usageRows(series, 'hour', 'UTC')).toEqual([
      {
        time: '2025-03-14 00:00',
        startsAt: '2025-03-14T00:00:00.000Z',
        upBytes: 1,
        downBytes: 2,
        totalBytes: 3,
      },
      {
        time: '2025-03-14 01:00',
        startsAt: '2025-03-14T01:00:00.000Z',
        upBytes: 0,
        downBytes: 0,
        totalBytes: 0,
      },
      {
        time: '2025-03-14 02:00',
        startsAt: '2025-03-14T02:00:00.000Z',
        upBytes: 5,
        downBytes: 10,
        totalBytes: 15,
      },
    ])
  })
})

describe('usageCsv', () => {
  const rows = usageRows([point('2025-03-14T00:00:00.000Z', 1536, 1073741824)], 'day', 'UTC')

  it('starts with a BOM and headers in the reader language, then exact byte counts', () => {
    const csv = usageCsv(rows, {
      time: '时间',
      up: '上行（字节）',
      down: '下行（字节）',
      total: '合计（字节）',
    })
    expect(csv.startsWith('\uFEFF')).toBe(true)
    expect(csv.slice(1).split('\r\n')).toEqual([
      '时间,上行（字节）,下行（字节）,合计（字节）',
      '2025-03-14,1536,1073741824,1073743360',
      '',
    ])
  })

  it('quotes headers that hold a comma or a quote', () => {
    const csv = usageCsv([], { time: 'Time, local', up: 'Up "bytes"', down: 'Down', total: 'Total' })
    expect(csv.slice(1)).toBe('"Time, local","Up ""bytes""",Down,Total\r\n')
  })

  it('names the file after its days', () => {
    expect(usageCsvFileName('2025-03-08', '2025-03-14')).toBe('traffic-usage-2025-03-08_2025-03-14.csv')
    expect(usageCsvFileName('2025-03-14', '2025-03-14')).toBe('traffic-usage-2025-03-14.csv')
  })
})
