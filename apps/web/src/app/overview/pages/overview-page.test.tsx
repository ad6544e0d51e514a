import type { Notice } from '@proxy/contract/notices/endpoints'
import type { Order } from '@proxy/contract/orders/endpoints'
import type { UsagePoint } from '@proxy/contract/traffic/usage'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeCustomer } from '../../../test/fake-customer.ts'
import { callsTo, mockApi, renderRoute } from '../../../test/render-route.tsx'
import { i18n } from '../../i18n.ts'
import { OverviewPage } from './overview-page.tsx'

vi.mock('../../../features/traffic/components/usage-chart.tsx', () => ({
  UsageChart: ({ series, granularity }: { series: UsagePoint[]; granularity: string }) => (
    <div data-testid="usage-chart" data-points={series.length} data-granularity={granularity} />
  ),
}))

const GB = 1024 ** 3
const NOTICE_ID = '8d4f2c1e-1a2b-4c3d-8e9f-000000000001'

const summary = {
  balance: 1234.5,
  activeInstances: 12,
  expiringInstances: 3,
  trafficRemainingBytes: 7.5 * GB,
  trafficAccountStatus: 'enabled',
  hasTrafficPackages: true,
  unreadNotices: 1,
}

const order = (orderNo: string, kind: Order['kind'], total: number): Order => ({
  orderNo,
  kind,
  status: 'paid',
  regionId: kind === 'traffic' ? null : 'hk',
  quantity: 2,
  durationDays: kind === 'traffic' ? 0 : 30,
  protocol: kind === 'traffic' ? null : 'socks5',
  unitPrice: total / 2,
  discount: 0,
  total,
  createdAt: '2025-03-14T02:00:00.000Z',
})

const notices: Notice[] = [
  {
    id: NOTICE_ID,
    kind: 'traffic-package-80',
    title: '流量包已使用 85%',
    body: '服务器写的正文',
    params: { planName: '10 GB', orderNo: 'F20250314ABCDEFGHJK', usedPercent: 85, remainingBytes: 1.5 * GB },
    createdAt: '2025-03-14T01:00:00.000Z',
    readAt: null,
  },
  {
    id: '8d4f2c1e-1a2b-4c3d-8e9f-000000000002',
    kind: 'maintenance',
    title: '线路维护通知',
    body: '今晚 23:00 香港节点维护。',
    params: {},
    createdAt: '2025-03-13T01:00:00.000Z',
    readAt: '2025-03-13T02:00:00.000Z',
  },
]

const usage = (bytes: number) => {
  const series = Array.from({ length: 30 }, (_, index) => ({
    time: new Date(Date.UTC(2025, 1, 13 + index) - 8 * 3_600_000).toISOString(),
    upBytes: index === 29 ? bytes / 4 : 0,
    downBytes: index === 29 ? (bytes * 3) / 4 : 0,
  }))
  return {
    granularity: 'day',
    tz: 'Asia/Shanghai',
    series,
    totals: { upBytes: bytes / 4, downBytes: (bytes * 3) / 4 },
  }
}

const fakeApi = ({ usageBytes = 2 * GB, failOverview = false, overview = summary } = {}) =>
  mockApi(({ url, method }) => {
    if (url === '/user/me') return fakeCustomer({ id: 'u1', email: 'demo@example.com' })
    if (url === '/user/overview') {
      if (failOverview) throw new Error('offline')
      return overview
    }
    if (url === '/orders')
      return {
        items: [order('S20250314ABCDEFGHJK', 'new', 20), order('F20250314ABCDEFGHJK', 'traffic', 9.9)],
        total: 2,
        page: 1,
        pageSize: 5,
      }
    if (url === '/user/notices') return { items: notices, total: 2, page: 1, pageSize: 20 }
    if (url === `/user/notices/${NOTICE_ID}/read` && method === 'POST')
      return { ...notices[0], readAt: '2025-03-14T03:00:00.000Z' }
    if (url === '/proxy/instances/traffic-usage') return usage(usageBytes)
    throw new Error(`unexpected ${method} ${url}`)
  })

const open = () => renderRoute(<OverviewPage />, { path: '/console/overview', url: '/console/overview' })

afterEach(async () => {
  cleanup()
  vi.restoreAllMocks()
  await act(() => i18n.changeLanguage('zh-CN'))
})

describe('overview page', () => {
  it('shows the four numbers, each linking to its page', async () => {
    fakeApi()
    open()
    await waitFor(() => expect(screen.getByTestId('overview-balance').textContent).toBe('$1,234.50'))
    expect(screen.getByTestId('overview-active-ips').textContent).toBe('12')
    expect(screen.getByTestId('overview-expiring-ips').textContent).toBe('3')
    expect(screen.getByTestId('overview-traffic-remaining').textContent).toBe('7.5 GB')
    const hrefs = ['balance', 'active-ips', 'expiring-ips', 'traffic-remaining'].map((name) =>
      screen.getByTestId(`overview-${name}-card`).getAttribute('href'),
    )
    expect(hrefs).toEqual([
      '/console/recharge',
      '/console/ipList',
      '/console/ipList?expiring=1',
      '/console/trafficFlowPackList',
    ])
  })

  it('does not warn a customer who never bought traffic that their account is paused', async () => {
    fakeApi({
      overview: {
        ...summary,
        trafficRemainingBytes: 0,
        trafficAccountStatus: 'disabled',
        hasTrafficPackages: false,
      },
    })
    open()
    const card = await screen.findByTestId('overview-traffic-remaining-card')
    await waitFor(() => expect(card.textContent).toContain('还没有购买流量'))
    expect(card.textContent).not.toContain('流量账户已停用')
    expect(card.getAttribute('href')).toBe('/console/buyTrafficFlow')
  })

  it('warns once the traffic bought is used up', async () => {
    fakeApi({ overview: { ...summary, trafficRemainingBytes: 0, trafficAccountStatus: 'disabled' } })
    open()
    const card = await screen.findByTestId('overview-traffic-remaining-card')
    await waitFor(() => expect(card.textContent).toContain('流量账户已停用'))
  })

  it('charts 30 days of usage by day and links to the history', async () => {
    const request = fakeApi()
    open()
    const chart = await screen.findByTestId('usage-chart')
    expect(chart.dataset).toMatchObject({ points: '30', granularity: 'day' })
    expect(callsTo(request, '/proxy/instances/traffic-usage')[0]).toMatchObject({ granularity: 'day' })
    expect(callsTo(request, '/proxy/instances/traffic-usage')[0]).not.toHaveProperty('scope')
    expect(screen.getByTestId('overview-usage-total').textContent).toBe('合计 2 GB')
    expect(screen.getByTestId('overview-usage-more').getAttribute('href')).toBe(
      '/console/trafficFlowHistory?range=30d',
    )
  })

  it('says so when there was no usage', async () => {
    fakeApi({ usageBytes: 0 })
    open()
    await screen.findByText('近30天没有用量')
    expect(screen.queryByTestId('usage-chart')).toBeNull()
  })

  it('lists the latest orders of every kind', async () => {
    const request = fakeApi()
    open()
    const list = await screen.findByTestId('overview-orders')
    expect(callsTo(request, '/orders')[0]).toEqual({ page: 1, pageSize: 5 })
    expect(
      within(list)
        .getAllByTestId('order-kind')
        .map((tag) => tag.textContent),
    ).toEqual(['新购', '流量包'])
    expect(list.textContent).toContain('2 个IP · 30 天')
    expect(list.textContent).toContain('$9.90')
    expect(screen.getByText('全部订单').closest('a')?.getAttribute('href')).toBe('/console/ipOrderList')
  })

  it('writes known notices in the reader language, keeps unknown ones and marks one read', async () => {
    const request = fakeApi()
    open()
    await act(() => i18n.changeLanguage('en-US'))
    const [known, unknown] = await screen.findAllByTestId('notice')
    expect(known?.textContent).toContain('Traffic package 85% used')
    expect(known?.textContent).toContain('1.5 GB left')
    expect(unknown?.textContent).toContain('线路维护通知')
    expect(unknown?.dataset.unread).toBe('false')
    fireEvent.click(within(known as HTMLElement).getByTestId('notice-mark-read'))
    await waitFor(() => expect(screen.getAllByTestId('notice')[0]?.dataset.unread).toBe('false'))
    expect(request).toHaveBeenCalledWith(
      expect.objectContaining({ method: 'POST', url: `/user/notices/${NOTICE_ID}/read` }),
    )
  })

  it('shows placeholders when the summary cannot be loaded', async () => {
    fakeApi({ failOverview: true })
    open()
    await waitFor(() => expect(screen.getByTestId('overview-balance').textContent).toBe('--'))
    expect(screen.getByTestId('greeting').textContent).toContain('demo@example.com')
  })
})
