import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { App } from 'antd'
import type { AxiosRequestConfig } from 'axios'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import '../../../app/i18n.ts'
import { http } from '../../../shared/http/client.ts'
import { TrafficFlowPackListPage } from './traffic-flow-pack-list-page.tsx'

const GB = 1024 ** 3
const DAY_MS = 86_400_000
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS - 60_000).toISOString()

const packages = [
  {
    id: 'p1',
    planName: '10GB 月包',
    totalBytes: 10 * GB,
    usedBytes: 2.5 * GB,
    remainingBytes: 7.5 * GB,
    status: 'active',
    purchasedAt: '2025-01-01T00:00:00.000Z',
    expiresAt: inDays(12),
    orderNo: 'F20250101ABCDEFGHJK',
  },
  {
    id: 'p2',
    planName: '50GB 月包',
    totalBytes: 50 * GB,
    usedBytes: 50 * GB,
    remainingBytes: 0,
    status: 'exhausted',
    purchasedAt: '2025-01-02T00:00:00.000Z',
    expiresAt: inDays(20),
    orderNo: 'F20250102ABCDEFGHJK',
  },
]
const summary = { remainingBytes: 7.5 * GB, activeCount: 1, nextExpiry: inDays(12) }

let items = packages
const answers: Record<string, (config: AxiosRequestConfig) => unknown> = {
  'GET /catalog/traffic-plans': () => ({
    plans: [
      {
        id: 'gb-10',
        name: '10GB 月包',
        nameEn: '10 GB monthly',
        sizeBytes: 10 * GB,
        validityDays: 30,
        price: 30,
        pricePerGb: 3,
      },
    ],
  }),
  'GET /user/traffic-packages': (config) => {
    const status = (config.params as { status?: string }).status
    const shown = status ? items.filter((item) => item.status === status) : items
    return { items: shown, total: shown.length, page: 1, pageSize: 20, summary }
  },
}

const Where = () => <p data-testid="where">{useLocation().search}</p>

const renderAt = (path: string) => {
  const router = createMemoryRouter(
    [
      {
        path: '/console/trafficFlowPackList',
        element: (
          <>
            <TrafficFlowPackListPage />
            <Where />
          </>
        ),
      },
      { path: '/console/buyTrafficFlow', element: <p data-testid="buy-page" /> },
    ],
    { initialEntries: [path] },
  )
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  )
}

const requestedStatuses = () =>
  vi
    .mocked(http.request)
    .mock.calls.filter(([config]) => config.url === '/user/traffic-packages')
    .map(([config]) => (config.params as { status?: string }).status)

// Whole antd pages in jsdom are slow on a busy machine.
describe('TrafficFlowPackListPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    items = packages
    vi.spyOn(http, 'request').mockImplementation(async (config) => {
      const answer = answers[`${config.method} ${config.url}`]
      if (!answer) throw new Error(`unexpected ${config.method} ${config.url}`)
      return answer(config)
    })
  })
  afterEach(() => vi.restoreAllMocks())

  it('sums up the packages and lists each with its use, status and days left', async () => {
    renderAt('/console/trafficFlowPackList')
    await waitFor(() => expect(screen.getByTestId('traffic-remaining').textContent).toBe('7.5 GB'))
    expect(screen.getByTestId('traffic-active-count').textContent).toBe('1')
    expect(screen.getByTestId('traffic-next-expiry').textContent).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(screen.getAllByTestId('package-used').map((cell) => cell.textContent)).toEqual(['2.5 GB', '50 GB'])
    expect(screen.getAllByTestId('package-remaining').map((cell) => cell.textContent)).toEqual([
      '7.5 GB',
      '0 B',
    ])
    expect(screen.getAllByTestId('package-status').map((tag) => tag.textContent)).toEqual([
      '生效中',
      '已用完',
    ])
    expect(screen.getAllByTestId('package-status')[1]?.className).toContain('warning')
    // Days left only for the active package.
    expect(screen.getAllByTestId('package-days-left').map((cell) => cell.textContent)).toEqual(['剩余 12 天'])
    expect(screen.getAllByTestId('package-order')[0]?.textContent).toContain('F20250101ABCDEFGHJK')
  })

  it('keeps the status filter in the address and asks the server for it', async () => {
    renderAt('/console/trafficFlowPackList?status=exhausted')
    await waitFor(() => expect(screen.getAllByTestId('package-used')).toHaveLength(1))
    expect(requestedStatuses()).toContain('exhausted')

    fireEvent.click(screen.getByText('生效中', { selector: '.ant-segmented-item-label' }))
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('?status=active'))
    await waitFor(() => expect(requestedStatuses()).toContain('active'))

    fireEvent.click(screen.getByText('全部', { selector: '.ant-segmented-item-label' }))
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(''))
  })

  it('invites a customer without packages to buy one', async () => {
    items = []
    renderAt('/console/trafficFlowPackList')
    fireEvent.click(await screen.findByTestId('empty-buy'))
    await screen.findByTestId('buy-page')
  })
})
