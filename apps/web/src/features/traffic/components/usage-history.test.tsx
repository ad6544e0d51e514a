import type { UsagePoint, UsageSeries } from '@proxy/contract/traffic/usage'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../app/i18n.ts'
import { CSV_TYPE } from '../../../shared/lib/csv.ts'
import { downloadText } from '../../../shared/lib/download-text.ts'
import { useIsNarrow } from '../../../shared/ui/use-is-narrow.ts'
import { callsTo, mockApi, renderRoute } from '../../../test/render-route.tsx'
import { TrafficFlowHistoryPage } from '../pages/traffic-flow-history-page.tsx'

// echarts needs a canvas; the page is tested with a stand-in that shows what it was given.
vi.mock('./usage-chart.tsx', () => ({
  UsageChart: ({ series, granularity }: { series: UsagePoint[]; granularity: string }) => (
    <div data-testid="usage-chart" data-points={series.length} data-granularity={granularity} />
  ),
}))
vi.mock('../../../shared/lib/download-text.ts', () => ({ downloadText: vi.fn() }))
vi.mock('../../../shared/ui/use-is-narrow.ts', () => ({ useIsNarrow: vi.fn(() => false) }))

const USAGE = '/proxy/instances/traffic-usage'
const GB = 1024 ** 3
const MB = 1024 ** 2
const PATH = '/console/trafficFlowHistory'
const NOW = '2025-03-14T04:30:00.000Z' // 12:30 in Shanghai

// vi.unstubAllEnvs deletes TZ again when it was unset (`process.env.TZ = undefined` would set 'undefined').
beforeAll(() => {
  vi.stubEnv('TZ', 'Asia/Shanghai')
})
afterAll(() => {
  vi.unstubAllEnvs()
})
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date(NOW))
})
afterEach(async () => {
  cleanup()
  vi.useRealTimers()
  vi.restoreAllMocks()
  vi.mocked(downloadText).mockReset()
  vi.mocked(useIsNarrow).mockReturnValue(false)
  await act(() => i18n.changeLanguage('zh-CN'))
})

/** Buckets every `stepHours` from `from` until `to`, like the server (zeros included). */
const seriesOf = (
  from: string,
  to: string,
  stepHours: number,
  bytes: (index: number) => [number, number],
) => {
  const points: UsagePoint[] = []
  for (
    let time = Date.parse(from), index = 0;
    time < Date.parse(to);
    time += stepHours * 3_600_000, index += 1
  ) {
    const [upBytes, downBytes] = bytes(index)
    points.push({ time: new Date(time).toISOString(), upBytes, downBytes })
  }
  return points
}

const answer = (granularity: 'hour' | 'day', series: UsagePoint[]): UsageSeries => ({
  granularity,
  tz: 'Asia/Shanghai',
  series,
  totals: series.reduce(
    (sum, point) => ({ upBytes: sum.upBytes + point.upBytes, downBytes: sum.downBytes + point.downBytes }),
    { upBytes: 0, downBytes: 0 },
  ),
})

const WEEK = answer(
  'day',
  seriesOf('2025-03-07T16:00:00Z', '2025-03-14T16:00:00Z', 24, (index) => [
    index * 100 * MB,
    index * 412 * MB,
  ]),
)
const TODAY = answer(
  'hour',
  seriesOf('2025-03-13T16:00:00Z', '2025-03-14T16:00:00Z', 1, () => [MB, 3 * MB]),
)

const fakeApi = (usage: (params: Record<string, string>) => UsageSeries) =>
  mockApi(({ url, params }) => {
    if (url === USAGE) return usage(params as Record<string, string>)
    if (url === '/proxy/instances') return { items: [], total: 0, page: 1, pageSize: 20 }
    throw new Error(`unexpected ${url}`)
  })

const open = (url = PATH) => renderRoute(<TrafficFlowHistoryPage />, { path: PATH, url })
const bodyRows = () => screen.getByTestId('usage-table').querySelectorAll('tbody tr.ant-table-row')

describe('traffic history page', () => {
  it('shows the last 7 days by day: totals, the chart and the buckets newest first', async () => {
    const request = fakeApi(() => WEEK)
    open()
    await waitFor(() => expect(screen.getByTestId('usage-total').textContent).toBe('10.5 GB'))
    expect(callsTo(request, USAGE)[0]).toEqual({
      from: '2025-03-08T00:00:00+08:00',
      to: '2025-03-15T00:00:00+08:00',
      granularity: 'day',
      tz: 'Asia/Shanghai',
    })
    expect(screen.getByTestId('usage-total-up').textContent).toBe('2.05 GB')
    expect(screen.getByTestId('usage-total-down').textContent).toBe('8.45 GB')
    expect(await screen.findByTestId('usage-chart')).toHaveProperty('dataset.points', '7')
    const rows = bodyRows()
    expect(rows).toHaveLength(7)
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2025-03-14', '600 MB', '2.41 GB', '3 GB'])
    expect(within(rows[6] as HTMLElement).getAllByRole('cell')[3]?.textContent).toBe('0 B')
  })

  it('shows today by the hour up to the current hour', async () => {
    const request = fakeApi(() => TODAY)
    open(`${PATH}?range=today`)
    await waitFor(() => expect(bodyRows()).toHaveLength(13))
    expect(callsTo(request, USAGE)[0]).toMatchObject({
      granularity: 'hour',
      from: '2025-03-14T00:00:00+08:00',
    })
    expect(within(bodyRows()[0] as HTMLElement).getAllByRole('cell')[0]?.textContent).toBe('2025-03-14 12:00')
    expect(screen.getByTestId('usage-chart').dataset.granularity).toBe('hour')
  })

  it('folds a long stretch of idle hours into one row, and keeps every hour in the chart', async () => {
    // Shanghai 00:00–02:00 used, 03:00–08:00 idle, 09:00–12:00 used (the clock stands at 12:xx).
    const IDLE = answer(
      'hour',
      seriesOf('2025-03-13T16:00:00Z', '2025-03-14T16:00:00Z', 1, (index) =>
        index >= 3 && index <= 8 ? [0, 0] : [MB, 3 * MB],
      ),
    )
    fakeApi(() => IDLE)
    open(`${PATH}?range=today`)
    // 13 hours on screen, six of them in one row: 8 rows.
    await waitFor(() => expect(bodyRows()).toHaveLength(8))
    const idle = [...bodyRows()].find((row) => row.textContent?.includes('无流量')) as HTMLElement
    expect(
      within(idle)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2025-03-14 03:00\u201309:00', '6 小时无流量'])
    expect(screen.getByTestId('usage-chart').dataset.points).toBe('13')
  })

  it('stacks up and down under the total on a phone', async () => {
    vi.mocked(useIsNarrow).mockReturnValue(true)
    fakeApi(() => WEEK)
    open()
    await screen.findByTestId('usage-table')
    const cells = within(bodyRows()[0] as HTMLElement).getAllByRole('cell')
    expect(cells.map((cell) => cell.textContent)).toEqual(['03-14', '3 GB 600 MB  2.41 GB'])
  })

  it('keeps a new bucket size in the address and asks again', async () => {
    const request = fakeApi((params) => (params.granularity === 'hour' ? TODAY : WEEK))
    const { router } = open()
    await screen.findByTestId('usage-table')
    fireEvent.click(within(screen.getByTestId('usage-granularity')).getByText('按小时'))
    await waitFor(() => expect(router.state.location.search).toBe('?granularity=hour'))
    await waitFor(() => expect(callsTo(request, USAGE).at(-1)?.granularity).toBe('hour'))
    fireEvent.click(within(screen.getByTestId('usage-range')).getByText('今天'))
    await waitFor(() => expect(router.state.location.search).toBe('?range=today'))
  })

  it('offers only days for a custom range longer than 93 days', async () => {
    fakeApi(() => WEEK)
    open(`${PATH}?range=custom&start=2024-09-01&end=2025-03-14&granularity=hour`)
    await screen.findByTestId('usage-table')
    const hour = within(screen.getByTestId('usage-granularity')).getByText('按小时').closest('label')
    expect(hour?.className).toContain('disabled')
    expect(screen.getByTestId('usage-range').querySelector('.ant-segmented-item-selected')?.textContent).toBe(
      '自定义',
    )
  })

  it('exports the buckets as CSV with a BOM and headers in the reader language', async () => {
    fakeApi(() => WEEK)
    open()
    await act(() => i18n.changeLanguage('en-US'))
    await screen.findByTestId('usage-table')
    fireEvent.click(screen.getByTestId('usage-export'))
    expect(downloadText).toHaveBeenCalledOnce()
    const [fileName, csv, type] = vi.mocked(downloadText).mock.calls[0] ?? []
    expect(fileName).toBe('traffic-usage-2025-03-08_2025-03-14.csv')
    expect(type).toBe(CSV_TYPE)
    const lines = (csv ?? '').split('\r\n')
    expect(lines[0]).toBe('\uFEFFTime,Upload (bytes),Download (bytes),Total (bytes)')
    expect(lines[1]).toBe('2025-03-08,0,0,0')
    expect(lines[7]).toBe(`2025-03-14,${600 * MB},${2472 * MB},${3 * GB}`)
  })

  it('says so when the range has no usage', async () => {
    fakeApi(() =>
      answer(
        'day',
        seriesOf('2025-03-07T16:00:00Z', '2025-03-14T16:00:00Z', 24, () => [0, 0]),
      ),
    )
    open()
    await screen.findByTestId('usage-empty')
    expect(screen.getByText('该时间范围内没有用量')).toBeTruthy()
    expect(screen.getByTestId('usage-total').textContent).toBe('0 B')
    expect(screen.queryByTestId('usage-export')).toBeNull()
    expect(screen.queryByTestId('usage-table')).toBeNull()
  })

  it('offers a retry when the usage cannot be loaded', async () => {
    let fails = true
    fakeApi(() => {
      if (fails) throw new Error('offline')
      return WEEK
    })
    open()
    await screen.findByTestId('usage-error')
    fails = false
    fireEvent.click(screen.getByRole('button', { name: /重\s?试/ }))
    await screen.findByTestId('usage-table')
  })
})
