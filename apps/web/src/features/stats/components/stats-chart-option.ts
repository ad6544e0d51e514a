// The echarts option of the statistics chart: succeeded and failed tunnels as stacked bars per bucket, and the
// peak of tunnels open at once as a line on its own axis; times in the reader's language and the series' zone.
import type { TunnelStatsPoint } from '@proxy/contract/stats/endpoints'
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts'
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components'
import type { ComposeOption } from 'echarts/core'
import type { StatsGranularity } from './stats-range.ts'

export type StatsChartOption = ComposeOption<
  BarSeriesOption | LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>

export type StatsPalette = { succeeded: string; failed: string; peak: string; text: string; split: string }
export type StatsChartLabels = { succeeded: string; failed: string; peak: string }

export type StatsChartInput = {
  series: TunnelStatsPoint[]
  granularity: StatsGranularity
  tz: string
  language: string
  labels: StatsChartLabels
  palette: StatsPalette
  isNarrow: boolean
}

/** Axis labels: "11月29日" / "Nov 29" for days (and midnights), "08:00" for other hours. */
export const axisTimeLabel = (granularity: StatsGranularity, language: string, tz: string) => {
  const day = new Intl.DateTimeFormat(language, { timeZone: tz, month: 'short', day: 'numeric' })
  const hour = new Intl.DateTimeFormat(language, {
    timeZone: tz,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
  return (iso: string) => {
    if (granularity === 'day') return day.format(new Date(iso))
    const label = hour.format(new Date(iso))
    return label === '00:00' ? day.format(new Date(iso)) : label
  }
}

export const buildStatsChartOption = (input: StatsChartInput): StatsChartOption => {
  const { series, labels, palette } = input
  const label = axisTimeLabel(input.granularity, input.language, input.tz)
  const axisText = { color: palette.text, fontSize: input.isNarrow ? 10 : 12 }
  return {
    animation: false,
    grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
    legend: { top: 0, textStyle: { color: palette.text } },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: {
      type: 'category',
      data: series.map((point) => label(point.time)),
      axisLabel: { ...axisText, hideOverlap: true },
    },
    yAxis: [
      {
        type: 'value',
        minInterval: 1,
        axisLabel: axisText,
        splitLine: { lineStyle: { color: palette.split } },
      },
      { type: 'value', minInterval: 1, axisLabel: axisText, splitLine: { show: false } },
    ],
    series: [
      {
        type: 'bar',
        name: labels.succeeded,
        stack: 'tunnels',
        data: series.map((point) => point.succeeded),
        itemStyle: { color: palette.succeeded },
      },
      {
        type: 'bar',
        name: labels.failed,
        stack: 'tunnels',
        data: series.map((point) => point.failed),
        itemStyle: { color: palette.failed },
      },
      {
        type: 'line',
        name: labels.peak,
        yAxisIndex: 1,
        step: 'middle',
        showSymbol: false,
        data: series.map((point) => point.peakConcurrent),
        lineStyle: { color: palette.peak },
        itemStyle: { color: palette.peak },
      },
    ],
  }
}
