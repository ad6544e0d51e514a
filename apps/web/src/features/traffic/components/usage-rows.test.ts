import { describe, expect, it } from 'vitest'
import { collapseIdleHours, startedBuckets, usageCsv, usageCsvFileName, usageRows } from './usage-rows.ts'

const point = (time: string, upBytes: number, downBytes: number) => ({ time, upBytes, downBytes })

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

describe('collapseIdleHours', () => {
  const hours = (totals: number[], from = '2025-03-14T00:00:00.000Z') =>
    usageRows(
      totals.map((total, index) =>
        point(new Date(Date.parse(from) + index * 3_600_000).toISOString(), 0, total),
      ),
      'hour',
      'UTC',
    )

  it('folds a long run of zero hours into one row from its first hour to the end of its last', () => {
    // 00:00–02:00 used, 03:00–08:00 idle (six hours), 09:00 used.
    const rows = collapseIdleHours(hours([5, 1, 2, 0, 0, 0, 0, 0, 0, 7]), 'UTC')
    expect(rows.map((row) => [row.time, row.totalBytes, row.idleHours])).toEqual([
      ['2025-03-14 00:00', 5, undefined],
      ['2025-03-14 01:00', 1, undefined],
      ['2025-03-14 02:00', 2, undefined],
      ['2025-03-14 03:00\u201309:00', 0, 6],
      ['2025-03-14 09:00', 7, undefined],
    ])
    expect(rows[3]?.startsAt).toBe('2025-03-14T03:00:00.000Z')
  })

  it('keeps short runs hour by hour', () => {
    const rows = collapseIdleHours(hours([5, 0, 0, 7]), 'UTC')
    expect(rows.map((row) => row.time)).toEqual([
      '2025-03-14 00:00',
      '2025-03-14 01:00',
      '2025-03-14 02:00',
      '2025-03-14 03:00',
    ])
  })

  it('writes both days for a run past midnight, in the zone of the series, and folds a trailing run', () => {
    // 22:00 Shanghai on the 14th is 14:00 UTC; idle until the series ends at 01:00 on the 15th (exclusive 02:00).
    const rows = collapseIdleHours(
      usageRows(
        [0, 1, 2, 3].map((index) =>
          point(new Date(Date.parse('2025-03-14T14:00:00.000Z') + index * 3_600_000).toISOString(), 0, 0),
        ),
        'hour',
        'Asia/Shanghai',
      ),
      'Asia/Shanghai',
    )
    expect(rows).toEqual([
      {
        time: '2025-03-14 22:00\u20132025-03-15 02:00',
        startsAt: '2025-03-14T14:00:00.000Z',
        upBytes: 0,
        downBytes: 0,
        totalBytes: 0,
        idleHours: 4,
      },
    ])
  })

  it('leaves a series with traffic every hour alone', () => {
    const rows = hours([1, 2, 3])
    expect(collapseIdleHours(rows, 'UTC')).toEqual(rows)
  })
})
