// An echarts instance (canvas) drawn in a box: created on mount, resized with the box, disposed on unmount.
// Only chart modules (their own lazy chunks) import this, so echarts never lands in a first paint.
import { type ECharts, type EChartsCoreOption, init } from 'echarts/core'
import { useCallback, useEffect, useRef } from 'react'

export const useEcharts = () => {
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
  /** Draws an option anew (not merged into the last one); a no-op before mount and after unmount. */
  const draw = useCallback(
    (option: EChartsCoreOption) => chart.current?.setOption(option, { notMerge: true }),
    [],
  )
  return { box, draw }
}
