// What antd's Card gets for its `tabList` tabs (vite.config.ts points Card's `../tabs` import here): Tabs loaded on
// first use, so that every page with a Card does not carry Tabs in its first load. No console card has tabs today.
import type { TabsProps } from 'antd/es/tabs'
import { lazy, Suspense } from 'react'

const Tabs = lazy(() => import('antd/es/tabs'))

const LazyTabs = (props: TabsProps) => (
  <Suspense fallback={null}>
    <Tabs {...props} />
  </Suspense>
)

export default LazyTabs
