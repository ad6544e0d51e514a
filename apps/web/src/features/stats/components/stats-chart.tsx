// The statistics chart itself: echarts (core with the bar and line charts, grid, tooltip, legend and canvas
// renderer), created on mount, resized with its box, disposed on unmount. Load it through LazyStatsChart.
import { theme } from 'antd'
import { BarChart, LineChart } from 'echarts/charts'
import { GridComponent, LegendPlainComponent, TooltipComponent } from 'echarts/components'
import { use } from 'echarts/core'
import { CanvasRenderer } from 'echarts/renderers'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useEcharts } from '../../../shared/ui/use-echarts.ts'
import { buildStatsChartOption, type StatsChartInput } from './stats-chart-option.ts'

use([BarChart, LineChart, GridComponent, TooltipComponent, LegendPlainComponent, CanvasRenderer])

export type StatsChartProps = Pick<StatsChartInput, 'series' | 'granularity' | 'tz' | 'isNarrow'> & {
  height: number
}

export const StatsChart = ({ series, granularity, tz, isNarrow, height }: StatsChartProps) => {
  const { t, i18n } = useTranslation('stats')
  const { token } = theme.useToken()
  const { box, draw } = useEcharts()

  useEffect(() => {
    draw(
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
    )
  }, [draw, series, granularity, tz, isNarrow, i18n.language, t, token])

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
