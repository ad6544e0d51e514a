// Revenue and top-ups per UTC day as two bar series (echarts core with only the bar chart, grid,
// tooltip, legend and canvas renderer), resized with its box. Loaded lazily: see dashboard-panel.tsx.
import type { DashboardDay } from '@proxy/contract/admin/dashboard'
import { formatBalance } from '@proxy/contract/wire'
import { theme } from 'antd'
import { BarChart } from 'echarts/charts'
import { GridComponent, LegendPlainComponent, TooltipComponent } from 'echarts/components'
import { type ECharts, init, use } from 'echarts/core'
import { CanvasRenderer } from 'echarts/renderers'
import { useEffect, useRef, useState } from 'react'
import { useAdminT } from '../../app/i18n.ts'

use([BarChart, GridComponent, TooltipComponent, LegendPlainComponent, CanvasRenderer])

export type MoneyChartProps = { days: DashboardDay[]; height?: number }

/** "11月25日" / "Nov 25" for a `YYYY-MM-DD` UTC day. */
const dayLabel = (language: string) => {
  const format = new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric', timeZone: 'UTC' })
  return (date: string) => format.format(new Date(`${date}T00:00:00Z`))
}

export const MoneyChart = ({ days, height = 280 }: MoneyChartProps) => {
  const { t, language } = useAdminT()
  const { token } = theme.useToken()
  const box = useRef<HTMLDivElement>(null)
  // The chart lives as long as its box; the option effect below waits for it.
  const [chart, setChart] = useState<ECharts | null>(null)
  const revenueName = t('dashboard.chart.revenue')
  const topUpsName = t('dashboard.chart.topUps')

  useEffect(() => {
    if (box.current === null) return
    const created = init(box.current, undefined, { renderer: 'canvas' })
    const resizer = new ResizeObserver(() => created.resize())
    resizer.observe(box.current)
    setChart(created)
    return () => {
      setChart(null)
      resizer.disconnect()
      created.dispose()
    }
  }, [])

  useEffect(() => {
    const label = dayLabel(language)
    const series = (name: string, color: string, pick: (day: DashboardDay) => number) => ({
      name,
      type: 'bar' as const,
      color,
      barMaxWidth: 14,
      data: days.map(pick),
    })
    chart?.setOption(
      {
        animationDuration: 300,
        textStyle: { fontFamily: token.fontFamily, color: token.colorTextSecondary },
        legend: { top: 0, left: 0, itemWidth: 12, itemHeight: 8, textStyle: { color: token.colorText } },
        grid: {
          top: 32,
          left: 4,
          right: 8,
          bottom: 4,
          outerBoundsMode: 'same',
          outerBoundsContain: 'axisLabel',
        },
        tooltip: {
          trigger: 'axis',
          backgroundColor: token.colorBgElevated,
          borderColor: token.colorBorder,
          textStyle: { color: token.colorText, fontFamily: token.fontFamily, fontSize: 12 },
          valueFormatter: (value: unknown) => formatBalance(Number(value)),
        },
        xAxis: {
          type: 'category',
          data: days.map((day) => label(day.date)),
          axisTick: { show: false },
          axisLine: { lineStyle: { color: token.colorBorder } },
          axisLabel: { hideOverlap: true, color: token.colorTextSecondary },
        },
        yAxis: {
          type: 'value',
          axisLabel: { color: token.colorTextSecondary, formatter: (value: number) => `$${value}` },
          splitLine: { lineStyle: { color: token.colorBorderSecondary, type: 'dashed' } },
        },
        series: [
          series(revenueName, token.colorPrimary, (day) => day.revenue),
          series(topUpsName, token.colorSuccess, (day) => day.topUps),
        ],
      },
      { notMerge: true },
    )
  }, [chart, days, language, revenueName, topUpsName, token])

  return (
    <div
      ref={box}
      role="img"
      aria-label={t('dashboard.chart.label')}
      style={{ width: '100%', height }}
      data-testid="dashboard-chart"
    />
  )
}
