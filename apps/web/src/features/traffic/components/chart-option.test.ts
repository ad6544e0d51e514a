import { describe, expect, it } from 'vitest'
import {
  axisUnitFor,
  bucketTitleFormatter,
  buildUsageChartOption,
  formatAxisValue,
  timeLabelFormatter,
} from './chart-option.ts'

const GB = 1024 ** 3
const MB = 1024 ** 2
const point = (time: string, upBytes: number, downBytes: number) => ({ time, upBytes, downBytes })
const palette = {
  up: '#52c41a',
  down: '#2f54eb',
  text: '#000',
  textSecondary: '#666',
  border: '#d9d9d9',
  split: '#f0f0f0',
  background: '#fff',
  fontFamily: 'sans-serif',
}
const labels = { up: '上行流量', down: '下行流量', total: '总流量' }

describe('axis unit', () => {
  it('is chosen from the largest stacked bucket', () => {
    expect(axisUnitFor([])).toBe('B')
    expect(axisUnitFor([point('2025-03-14T00:00:00Z', 0, 0)])).toBe('B')
    // Neither side reaches 1 GB alone, together they do.
    expect(
      axisUnitFor([point('2025-03-14T00:00:00Z', 600 * MB, 600 * MB), point('2025-03-15T00:00:00Z', 1, 1)]),
    ).toBe('GB')
    expect(axisUnitFor([point('2025-03-14T00:00:00Z', 200 * 1024, 300 * 1024)])).toBe('KB')
  })

  it('writes axis values with the unit and zero bare', () => {
    expect(formatAxisValue(0, 'GB', 'zh-CN')).toBe('0')
    expect(formatAxisValue(1.5, 'GB', 'en-US')).toBe('1.5 GB')
    expect(formatAxisValue(1234.567, 'MB', 'en-US')).toBe('1,234.57 MB')
    expect(formatAxisValue(3, 'B', 'en-US')).toBe('3 B')
  })
})

describe('time labels', () => {
  const midnight = Date.parse('2025-03-13T16:00:00Z') // 2025-03-14 00:00 in Shanghai
  const eight = Date.parse('2025-03-14T00:00:00Z') // 08:00 in Shanghai

  it('show days in the reader language', () => {
    expect(timeLabelFormatter('day', 'zh-CN', 'Asia/Shanghai')(midnight)).toBe('3月14日')
    expect(timeLabelFormatter('day', 'en-US', 'Asia/Shanghai')(midnight)).toBe('Mar 14')
  })

  it('show hours, and the day at midnight', () => {
    expect(timeLabelFormatter('hour', 'en-US', 'Asia/Shanghai')(eight)).toBe('08:00')
    expect(timeLabelFormatter('hour', 'zh-CN', 'Asia/Shanghai')(midnight)).toBe('3月14日')
  })

  it('title a tooltip with the day or the hour span', () => {
    expect(bucketTitleFormatter('hour', 'en-US', 'Asia/Shanghai')(eight)).toBe('Mar 14 08:00–09:00')
    expect(bucketTitleFormatter('day', 'zh-CN', 'Asia/Shanghai')(midnight)).toMatch(/^2025年3月14日/)
  })
})

describe('buildUsageChartOption', () => {
  const series = [
    point('2025-03-13T16:00:00.000Z', 512 * MB, GB),
    point('2025-03-14T16:00:00.000Z', 0, 2 * GB),
  ]
  const option = buildUsageChartOption({
    series,
    granularity: 'day',
    tz: 'Asia/Shanghai',
    language: 'en-US',
    labels,
    palette,
  })
  const lines = option.series as { name: string; stack: string; color: string; data: [number, number][] }[]

  it('stacks up and down in the axis unit with the theme colours', () => {
    expect(lines.map((line) => [line.name, line.stack, line.color])).toEqual([
      ['上行流量', 'bytes', palette.up],
      ['下行流量', 'bytes', palette.down],
    ])
    expect(lines[0]?.data).toEqual([
      [Date.parse(series[0]?.time ?? ''), 0.5],
      [Date.parse(series[1]?.time ?? ''), 0],
    ])
    expect(lines[1]?.data.map(([, value]) => value)).toEqual([1, 2])
    const yAxis = option.yAxis as { axisLabel: { formatter: (value: number) => string } }
    expect(yAxis.axisLabel.formatter(1.5)).toBe('1.5 GB')
  })

  it('shows exact human sizes in the tooltip', () => {
    const tooltip = option.tooltip as { formatter: (params: unknown) => string }
    const html = tooltip.formatter([
      { dataIndex: 0, seriesIndex: 0, marker: '<i></i>' },
      { dataIndex: 0, seriesIndex: 1, marker: '<b></b>' },
    ])
    expect(html).toContain('Fri, Mar 14, 2025')
    expect(html).toContain('512 MB')
    expect(html).toContain('1 GB')
    expect(html).toContain('1.5 GB')
    expect(html).toContain('<i></i>上行流量')
  })
})
