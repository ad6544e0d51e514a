// The usage chart behind React.lazy: echarts is its own chunk, fetched the first time a chart is drawn.
import { Skeleton } from 'antd'
import { lazy, Suspense } from 'react'
import type { UsageChartProps } from './usage-chart.tsx'

const UsageChart = lazy(async () => ({ default: (await import('./usage-chart.tsx')).UsageChart }))

export const LazyUsageChart = (props: UsageChartProps) => (
  <Suspense
    fallback={
      <Skeleton.Node
        active
        style={{ width: '100%', height: props.height ?? 320 }}
        data-testid="usage-chart-loading"
      />
    }
  >
    <UsageChart {...props} />
  </Suspense>
)
