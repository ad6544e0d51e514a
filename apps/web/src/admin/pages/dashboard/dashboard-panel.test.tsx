import type { Dashboard, DashboardDay } from '@proxy/contract/admin/dashboard'
import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
// Loaded up front: the overview imports it lazily, which would count against the first test's time.
import './dashboard-panel.tsx'
import { useIsNarrow } from '../../../shared/ui/use-is-narrow.ts'
import { apiError, fakeOperator, mockAdminApi, renderAdmin, requestsTo } from '../../test/render-admin.tsx'

// echarts needs a canvas; the panel is tested with a stand-in that shows what it was given.
vi.mock('./money-chart.tsx', () => ({
  MoneyChart: ({ days }: { days: DashboardDay[] }) => (
    <div
      data-testid="dashboard-chart"
      data-days={days.length}
      data-revenue={days.reduce((sum, day) => sum + day.revenue, 0)}
    />
  ),
}))

vi.mock('../../../shared/ui/use-is-narrow.ts', () => ({ useIsNarrow: vi.fn(() => true) }))

afterEach(() => {
  vi.mocked(useIsNarrow).mockReturnValue(true)
  vi.restoreAllMocks()
})

const GB = 1024 ** 3
const MB = 1024 ** 2
const days: DashboardDay[] = Array.from({ length: 30 }, (_, index) => ({
  date: `2026-${index < 5 ? '10' : '11'}-${String(index < 5 ? 27 + index : index - 4).padStart(2, '0')}`,
  revenue: index === 29 ? 55 : index === 19 ? 25 : 0,
  topUps: index === 29 ? 12.5 : index === 26 ? 20 : 0,
}))
const region = {
  countryCode: 'US',
  country: '美国',
  city: '洛杉矶',
  countryEn: 'United States',
  cityEn: 'Los Angeles',
}
const figures: Dashboard = {
  generatedAt: '2026-11-25T12:00:00.000Z',
  timeZone: 'UTC',
  windows: { today: '2026-11-25', last7Days: '2026-11-19', last30Days: '2026-10-27' },
  revenue: { today: 55, last7Days: 55, last30Days: 80 },
  topUps: { today: 12.5, last7Days: 32.5, last30Days: 1234.5 },
  daily: days,
  staticIps: {
    active: 2,
    regions: [
      { regionId: 'us-la', ...region, isActive: true, available: 0, allocated: 1, cooling: 0, activeIps: 1 },
      {
        regionId: 'jp-tyo',
        countryCode: 'JP',
        country: '日本',
        city: '东京',
        countryEn: 'Japan',
        cityEn: 'Tokyo',
        isActive: false,
        available: 7,
        allocated: 1,
        cooling: 3,
        activeIps: 1,
      },
    ],
  },
  traffic: { soldBytes: 10 * GB, usedBytes: 4 * MB, staticIpBytes: 300 },
  nodes: { up: 1, down: 1, total: 2, downAfterSeconds: 60 },
  autoRenewals: { failed: 1, instances: 3, customers: 1 },
}

const empty: Dashboard = {
  ...figures,
  revenue: { today: 0, last7Days: 0, last30Days: 0 },
  topUps: { today: 0, last7Days: 0, last30Days: 0 },
  daily: days.map((day) => ({ ...day, revenue: 0, topUps: 0 })),
  staticIps: { active: 0, regions: [] },
  traffic: { soldBytes: 0, usedBytes: 0, staticIpBytes: 0 },
  nodes: { up: 0, down: 0, total: 0, downAfterSeconds: 60 },
  autoRenewals: { failed: 0, instances: 0, customers: 0 },
}

const fakeApi = (answer: () => Dashboard, role: 'support' | 'finance' = 'support') =>
  mockAdminApi(({ url }) => {
    if (url === '/admin/auth/me') return fakeOperator(role)
    if (url === '/admin/dashboard') return answer()
    throw new Error(`unexpected ${url}`)
  })

const text = (testId: string) => screen.getByTestId(testId).textContent ?? ''

describe('the dashboard on the overview', () => {
  it('shows the figures in Chinese, above the operator card, with a red node card when one is down', async () => {
    const request = fakeApi(() => figures)
    await renderAdmin('/')
    await screen.findByTestId('dashboard')
    expect(requestsTo(request, 'GET', '/admin/dashboard')).toHaveLength(1)
    const dashboard = screen.getByTestId('dashboard')
    expect(
      dashboard.compareDocumentPosition(screen.getByTestId('overview-operator')) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy()
    expect(text('dashboard-note')).toContain('2026-11-25 00:00 UTC')
    expect(text('dashboard-revenue')).toContain('营收')
    expect(text('dashboard-revenue')).toContain('$55.00')
    expect(text('dashboard-revenue')).toContain('近 30 天 $80.00')
    expect(text('dashboard-topups')).toContain('$12.50')
    expect(text('dashboard-topups')).toContain('近 7 天 $32.50')
    expect(text('dashboard-topups')).toContain('$1,234.50')
    expect(text('dashboard-active-ips')).toContain('在用静态IP2')
    expect(screen.getByTestId('dashboard-nodes').dataset.state).toBe('down')
    expect(text('dashboard-nodes')).toContain('1/ 2')
    expect(text('dashboard-nodes')).toContain('1 个离线')
    expect(text('dashboard-nodes')).toContain('60 秒')
    expect(text('dashboard-auto-renew')).toContain('自动续费失败1')
    expect(text('dashboard-auto-renew')).toContain('3 个IP，1 位客户')
    const chart = await screen.findByTestId('dashboard-chart')
    expect(chart.dataset.days).toBe('30')
    expect(chart.dataset.revenue).toBe('80')
    const stock = screen.getByTestId('dashboard-stock')
    expect(within(stock).getByText('美国 · 洛杉矶')).toBeTruthy()
    expect(within(stock).getByText('已下架')).toBeTruthy()
    expect(within(stock).getAllByText('冷却中').length).toBeGreaterThan(0)
    expect(text('dashboard-traffic-sold')).toBe('10 GB')
    expect(text('dashboard-traffic-used')).toBe('4 MB')
    expect(text('dashboard-traffic-static')).toBe('300 B')
    expect(text('dashboard-traffic-share')).toBe('占已售的 0 %')
  }, 60_000)

  // At desktop width (the table) for this one only: antd's Table takes seconds under jsdom.
  it('shows the same figures in English', async () => {
    vi.mocked(useIsNarrow).mockReturnValue(false)
    fakeApi(() => ({ ...figures, traffic: { ...figures.traffic, usedBytes: 5 * GB } }), 'finance')
    await renderAdmin('/', 'en-US')
    await screen.findByTestId('dashboard')
    expect(screen.getByRole('heading', { name: 'Business at a glance' })).toBeTruthy()
    expect(text('dashboard-revenue')).toContain('Revenue')
    expect(text('dashboard-revenue')).toContain('30 days $80.00')
    expect(text('dashboard-topups')).toContain('Top-ups credited')
    expect(text('dashboard-nodes')).toContain('1 down')
    expect(text('dashboard-auto-renew')).toContain('Last 7 days: 3 IPs, 1 customers')
    const stock = screen.getByTestId('dashboard-stock')
    expect(within(stock).getByText('Japan · Tokyo')).toBeTruthy()
    expect(within(stock).getByText('Off sale')).toBeTruthy()
    expect(within(stock).getAllByText('Available').length).toBeGreaterThan(0)
    expect(text('dashboard-traffic-used')).toBe('5 GB')
    expect(text('dashboard-traffic-share')).toBe('50 % of what was sold')
    expect(await screen.findByTestId('dashboard-chart')).toBeTruthy()
  }, 60_000)

  it('says so when there is nothing yet', async () => {
    fakeApi(() => empty)
    await renderAdmin('/', 'en-US')
    expect(await screen.findByTestId('dashboard-chart-empty')).toBeTruthy()
    expect(screen.queryByTestId('dashboard-chart')).toBeNull()
    expect(screen.getByTestId('dashboard-nodes').dataset.state).toBe('up')
    expect(text('dashboard-nodes')).toContain('No nodes yet')
    expect(within(screen.getByTestId('dashboard-stock')).getByText('No regions yet')).toBeTruthy()
  })

  it('offers a retry when the figures cannot be read', async () => {
    let fail = true
    fakeApi(() => {
      if (fail) throw apiError('INTERNAL')
      return figures
    })
    await renderAdmin('/', 'en-US')
    expect(await screen.findByTestId('dashboard-error')).toBeTruthy()
    fail = false
    fireEvent.click(screen.getByText('Retry'))
    expect(await screen.findByTestId('dashboard')).toBeTruthy()
  })
})
