// The statistics chart itself: echarts (core with the bar and line charts, grid, tooltip, legend and canvas
// renderer), created on mount, resized with its box, disposed on unmount. Load it through LazyStatsChart.
import { theme } from 'antd'
import { BarChart, LineChart } from 'echarts/charts'
import { GridComponent, LegendPlainComponent, TooltipComponent } from 'echarts/components'
import { type ECharts, init, use } from 'echarts/core'
import { CanvasRenderer } from 'echarts/renderers'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { buildStatsChartOption, type StatsChartInput } from './stats-chart-option.ts'

use([BarChart, LineChart, GridComponent, TooltipComponent, LegendPlainComponent, CanvasRenderer])

export type StatsChartProps = Pick<StatsChartInput, 'series' | 'granularity' | 'tz' | 'isNarrow'> & {
  height: number
}

export const StatsChart = ({ series, granularity, tz, isNarrow, height }: StatsChartProps) => {
  const { t, i18n } = useTranslation('stats')
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

  useEffect(() => {
    chart.current?.setOption(
      buildStatsChartOption({
        series,
        granularity,
        tz,
        isNarrow,
        language: i18n.language,
        labels: { succeeded: t('figures.succeeded'), failed: t('figures.failed'), peak: t('figures.peak') },
        palette: {
          succeeded: token.colorSuccess,
          failed: token.colorError,
          peak: token.colorPrimary,
          text: token.colorTextSecondary,
          split: token.colorBorderSecondary,
        },
      }),
      { notMerge: true },
    )
  }, [series, granularity, tz, isNarrow, i18n.language, t, token])

  return (
    <div
      ref={box}
      role="img"
      aria-label={t('chart.label')}
      style={{ width: '100%', height }}
      data-testid="stats-chart"
    />
  )
}
