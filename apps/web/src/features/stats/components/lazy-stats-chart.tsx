// The statistics chart behind React.lazy: echarts is its own chunk, fetched the first time a chart is drawn.
import { Skeleton } from 'antd'
import { lazy, Suspense } from 'react'
import type { StatsChartProps } from './stats-chart.tsx'

const StatsChart = lazy(async () => ({ default: (await import('./stats-chart.tsx')).StatsChart }))

export const LazyStatsChart = (props: StatsChartProps) => (
  <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: props.height }} />}>
    <StatsChart {...props} />
  </Suspense>
)
