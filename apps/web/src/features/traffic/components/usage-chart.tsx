// The usage chart itself: echarts (core with only the line chart, grid, tooltip, legend and canvas renderer),
// created on mount, resized with its box and disposed on unmount. Load it through LazyUsageChart.
import type { UsagePoint } from '@proxy/contract/traffic/usage'
import { theme } from 'antd'
import { LineChart } from 'echarts/charts'
import { GridComponent, LegendPlainComponent, TooltipComponent } from 'echarts/components'
import { type ECharts, init, use } from 'echarts/core'
import { CanvasRenderer } from 'echarts/renderers'
import { useEffect, useMemo, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { buildUsageChartOption, type ChartPalette } from './chart-option.ts'
import { browserTimeZone, type Granularity } from './usage-range.ts'

use([LineChart, GridComponent, TooltipComponent, LegendPlainComponent, CanvasRenderer])

export type UsageChartProps = {
  series: UsagePoint[]
  granularity: Granularity
  height?: number
  /** The zone the buckets were cut in (the answer's tz); default the browser's. */
  tz?: string
}

export const UsageChart = ({ series, granularity, height = 320, tz }: UsageChartProps) => {
  const { t, i18n } = useTranslation('traffic', { keyPrefix: 'usage' })
  const { token } = theme.useToken()
  const box = useRef<HTMLDivElement>(null)
  const chart = useRef<ECharts | null>(null)

  useEffect(() => {
    const element = box.current
    if (!element) return
    const instance = init(element, undefined, { renderer: 'canvas' })
    chart.current = instance
    const observer = new ResizeObserver(() => instance.resize())
    observer.observe(element)
    return () => {
      observer.disconnect()
      instance.dispose()
      chart.current = null
    }
  }, [])

  const palette: ChartPalette = useMemo(
    () => ({
      up: token.colorSuccess,
      down: token.colorPrimary,
      text: token.colorText,
      textSecondary: token.colorTextSecondary,
      border: token.colorBorder,
      split: token.colorBorderSecondary,
      background: token.colorBgElevated,
      fontFamily: token.fontFamily,
    }),
    [token],
  )

  useEffect(() => {
    chart.current?.setOption(
      buildUsageChartOption({
        series,
        granularity,
        tz: tz ?? browserTimeZone(),
        language: i18n.language,
        labels: { up: t('totals.up'), down: t('totals.down'), total: t('totals.total') },
        palette,
      }),
      { notMerge: true },
    )
  }, [series, granularity, tz, i18n.language, t, palette])

  return (
    <div
      ref={box}
      role="img"
      aria-label={t('chart.label')}
      style={{ width: '100%', height }}
      data-testid="usage-chart"
    />
  )
}
