// The echarts option of the usage chart: up and down bytes stacked over time, every axis value in one unit
// chosen from the busiest bucket, time labels and tooltips in the reader's language and the series' zone.
import type { UsagePoint } from '@proxy/contract/traffic/usage'
import type { LineSeriesOption } from 'echarts/charts'
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components'
import type { ComposeOption } from 'echarts/core'
import { type ByteUnit, bytesIn, byteUnitFor, formatBytes } from '../../../shared/lib/format-bytes.ts'
import type { Granularity } from './usage-range.ts'

export type UsageChartOption = ComposeOption<
  LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>

/** Colours and font from the antd theme tokens. */
export type ChartPalette = {
  up: string
  down: string
  text: string
  textSecondary: string
  border: string
  split: string
  background: string
  fontFamily: string
}

export type ChartLabels = { up: string; down: string; total: string }

export type ChartInput = {
  series: UsagePoint[]
  granularity: Granularity
  tz: string
  language: string
  labels: ChartLabels
  palette: ChartPalette
}

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

/** The one unit of the value axis: the one the largest stacked bucket reads best in. */
export const axisUnitFor = (series: UsagePoint[]): ByteUnit =>
  byteUnitFor(series.reduce((max, point) => Math.max(max, point.upBytes + point.downBytes), 0))

/** "1.5 GB" on the axis; zero stays a bare 0. */
export const formatAxisValue = (value: number, unit: ByteUnit, language: string): string =>
  value === 0
    ? '0'
    : `${new Intl.NumberFormat(language, { maximumFractionDigits: unit === 'B' ? 0 : 2 }).format(value)} ${unit}`

const dateFormat = (language: string, tz: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(language, { timeZone: tz, ...options })

/** Labels of the time axis: "3月14日" / "Mar 14" for days and midnights, "08:00" for other hours. */
export const timeLabelFormatter = (granularity: Granularity, language: string, tz: string) => {
  const day = dateFormat(language, tz, { month: 'short', day: 'numeric' })
  const hour = dateFormat(language, tz, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
  return (time: number): string => {
    if (granularity === 'day') return day.format(time)
    const label = hour.format(time)
    return label === '00:00' ? day.format(time) : label
  }
}

/** Tooltip heading: the whole day, or the day and the hour span ("3月14日 08:00–09:00"). */
export const bucketTitleFormatter = (granularity: Granularity, language: string, tz: string) => {
  const longDay = dateFormat(language, tz, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    weekday: 'short',
  })
  const shortDay = dateFormat(language, tz, { month: 'short', day: 'numeric' })
  const hour = dateFormat(language, tz, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
  return (time: number): string =>
    granularity === 'day'
      ? longDay.format(time)
      : `${shortDay.format(time)} ${hour.format(time)}–${hour.format(time + HOUR_MS)}`
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

type TooltipParam = { dataIndex?: number; seriesIndex?: number; marker?: unknown }

export const buildUsageChartOption = ({
  series,
  granularity,
  tz,
  language,
  labels,
  palette,
}: ChartInput): UsageChartOption => {
  const unit = axisUnitFor(series)
  const times = series.map((point) => Date.parse(point.time))
  const label = timeLabelFormatter(granularity, language, tz)
  const title = bucketTitleFormatter(granularity, language, tz)
  const hasFewPoints = series.length <= 14
  const line = (name: string, color: string, pick: (point: UsagePoint) => number): LineSeriesOption => ({
    name,
    type: 'line',
    stack: 'bytes',
    color,
    showSymbol: hasFewPoints,
    symbolSize: 5,
    lineStyle: { width: 1.5 },
    areaStyle: { opacity: 0.22 },
    emphasis: { focus: 'series' },
    data: series.map((point, index) => [times[index] ?? 0, bytesIn(pick(point), unit)]),
  })

  const tooltipRow = (marker: unknown, name: string, bytes: number, isStrong = false) =>
    `<div style="display:flex;justify-content:space-between;gap:24px">` +
    `<span>${typeof marker === 'string' ? marker : ''}${escapeHtml(name)}</span>` +
    `<span style="font-variant-numeric:tabular-nums;${isStrong ? 'font-weight:600' : ''}">${formatBytes(bytes, language)}</span></div>`

  return {
    animationDuration: 300,
    textStyle: { fontFamily: palette.fontFamily, color: palette.textSecondary },
    legend: {
      top: 0,
      left: 0,
      icon: 'roundRect',
      itemWidth: 12,
      itemHeight: 8,
      textStyle: { color: palette.text },
    },
    grid: {
      top: 36,
      left: 4,
      right: 16,
      bottom: 4,
      outerBoundsMode: 'same',
      outerBoundsContain: 'axisLabel',
    },
    tooltip: {
      trigger: 'axis',
      backgroundColor: palette.background,
      borderColor: palette.border,
      textStyle: { color: palette.text, fontFamily: palette.fontFamily, fontSize: 12 },
      axisPointer: { type: 'line', lineStyle: { color: palette.border } },
      formatter: (params) => {
        const list = (Array.isArray(params) ? params : [params]) as TooltipParam[]
        const index = list[0]?.dataIndex ?? 0
        const point = series[index]
        if (!point) return ''
        const marker = (seriesIndex: number) => list.find((item) => item.seriesIndex === seriesIndex)?.marker
        return [
          `<div style="margin-bottom:4px;font-weight:600">${escapeHtml(title(times[index] ?? 0))}</div>`,
          tooltipRow(marker(0), labels.up, point.upBytes),
          tooltipRow(marker(1), labels.down, point.downBytes),
          tooltipRow('', labels.total, point.upBytes + point.downBytes, true),
        ].join('')
      },
    },
    xAxis: {
      type: 'time',
      boundaryGap: ['0%', '0%'],
      min: times[0],
      max: times.at(-1),
      minInterval: granularity === 'day' ? DAY_MS : HOUR_MS,
      axisLine: { lineStyle: { color: palette.border } },
      axisTick: { show: false },
      axisLabel: {
        color: palette.textSecondary,
        hideOverlap: true,
        formatter: (value: number) => label(value),
      },
      splitLine: { show: false },
    },
    yAxis: {
      type: 'value',
      minInterval: unit === 'B' ? 1 : 0,
      axisLabel: {
        color: palette.textSecondary,
        formatter: (value: number) => formatAxisValue(value, unit, language),
      },
      splitLine: { lineStyle: { color: palette.split, type: 'dashed' } },
    },
    series: [
      line(labels.up, palette.up, (point) => point.upBytes),
      line(labels.down, palette.down, (point) => point.downBytes),
    ],
  }
}
