// The usage chart itself: echarts (core with only the line chart, grid, tooltip, legend and canvas renderer),
// created on mount, resized with its box and disposed on unmount. Load it through LazyUsageChart.
import type { UsagePoint } from '@proxy/contract/traffic/usage'
import { theme } from 'antd'
import { LineChart } from 'echarts/charts'
import { GridComponent, LegendPlainComponent, TooltipComponent } from 'echarts/components'
import { use } from 'echarts/core'
import { CanvasRenderer } from 'echarts/renderers'
import { useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useEcharts } from '../../../shared/ui/use-echarts.ts'
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
  const { box, draw } = useEcharts()

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
    draw(
      buildUsageChartOption({
        series,
        granularity,
        tz: tz ?? browserTimeZone(),
        language: i18n.language,
        labels: { up: t('totals.up'), down: t('totals.down'), total: t('totals.total') },
        palette,
      }),
    )
  }, [draw, series, granularity, tz, i18n.language, t, palette])

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
