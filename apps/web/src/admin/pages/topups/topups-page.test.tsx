import type { AdminTopUp, TopUpGatewayCheck } from '@proxy/contract/admin/orders'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
// Loaded up front: the route imports it lazily, which would count against the first test's time.
import './topups-page.tsx'
import { fakeOperator, mockAdminApi, renderAdmin, requestsTo } from '../../test/render-admin.tsx'

vi.mock('../../../shared/ui/use-is-narrow.ts', () => ({ useIsNarrow: vi.fn(() => true) }))

afterEach(() => {
  vi.restoreAllMocks()
})

const pending: AdminTopUp = {
  orderNo: 'T20261125AB12CD34EF',
  customerId: '0c9e2f4a-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
  customerEmail: 'lin@example.com',
  amount: 10,
  cnyAmount: 72.5,
  usdCnyRate: 7.25,
  channel: 'alipay',
  status: 'pending',
  gatewayTradeNo: null,
  createdAt: '2026-11-25T02:00:00.000Z',
  expiresAt: '2026-11-25T02:30:00.000Z',
  paidAt: null,
  closedAt: null,
}
const paid: AdminTopUp = {
  ...pending,
  status: 'paid',
  gatewayTradeNo: '2026112522001',
  paidAt: '2026-11-25T03:00:00.000Z',
}
const gatewayPath = `/admin/topups/${pending.orderNo}/gateway`
const markPath = `/admin/topups/${pending.orderNo}/mark-paid`

const fakeApi = (role: 'finance' | 'support', gateway: TopUpGatewayCheck) =>
  mockAdminApi(({ url, method }) => {
    if (url === '/admin/auth/me') return fakeOperator(role)
    if (url === '/admin/topups') return { items: [pending], total: 1, page: 1, pageSize: 20 }
    if (url === gatewayPath) return gateway
    if (url === markPath && method === 'POST') return paid
    throw new Error(`unexpected ${method} ${url}`)
  })
const paidAtGateway: TopUpGatewayCheck = {
  topUp: pending,
  gateway: { isPaid: true, tradeNo: '2026112522001', cnyAmount: 72.5 },
  canMarkPaid: true,
}

describe('top-ups page', () => {
  it('offers finance an Export CSV link carrying the filters on screen, and support none', async () => {
    fakeApi('finance', paidAtGateway)
    const view = await renderAdmin(`/topups?status=pending&channel=wxpay&q=${pending.orderNo}`, 'zh-CN')
    const link = await screen.findByTestId('topups-export')
    expect(link.getAttribute('download')).not.toBeNull()
    expect(link.textContent).toContain('导出 CSV')
    const href = new URL(link.getAttribute('href') ?? '', 'http://console.test')
    expect(href.pathname).toBe('/api/admin/topups/export')
    expect(Object.fromEntries(href.searchParams)).toEqual({
      status: 'pending',
      channel: 'wxpay',
      orderNo: pending.orderNo,
    })
    view.unmount()

    fakeApi('support', paidAtGateway)
    await renderAdmin('/topups', 'en-US')
    expect(await screen.findByText(pending.orderNo)).toBeTruthy()
    expect(screen.queryByTestId('topups-export')).toBeNull()
  })

  it('lists top-ups, searches by number or customer, and offers no reconcile to a role without it', async () => {
    const request = fakeApi('support', paidAtGateway)
    await renderAdmin('/topups?status=pending', 'en-US')
    expect(await screen.findByText(pending.orderNo)).toBeTruthy()
    expect(screen.getByText('lin@example.com')).toBeTruthy()
    expect(screen.queryByTestId('topup-reconcile')).toBeNull()
    expect(requestsTo(request, 'GET', '/admin/topups')[0]?.params).toEqual({
      page: 1,
      pageSize: 20,
      status: 'pending',
    })
    for (const [typed, sent] of [
      [pending.orderNo, { orderNo: pending.orderNo }],
      ['lin@example.com', { customer: 'lin@example.com' }],
    ] as const) {
      // The box is remounted with each search kept in the address.
      const search = within(screen.getByTestId('topups-search')).getByRole('searchbox')
      fireEvent.change(search, { target: { value: typed } })
      fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 })
      await waitFor(() =>
        expect(requestsTo(request, 'GET', '/admin/topups').at(-1)?.params).toEqual({
          page: 1,
          pageSize: 20,
          status: 'pending',
          ...sent,
        }),
      )
    }
  }, 60_000)

  it('shows the gateway’s answer, and no mark-paid when the gateway has it unpaid', async () => {
    const request = fakeApi('finance', {
      topUp: pending,
      gateway: { isPaid: false, tradeNo: null, cnyAmount: null },
      canMarkPaid: false,
    })
    await renderAdmin('/topups', 'en-US')
    fireEvent.click(await screen.findByTestId('topup-reconcile'))
    const verdict = await screen.findByTestId('reconcile-verdict')
    expect(verdict.textContent).toContain('The gateway does not have this order paid; nothing to credit.')
    expect(within(screen.getByTestId('reconcile-answer')).getByText('No')).toBeTruthy()
    expect(screen.queryByTestId('mark-paid-open')).toBeNull()
    expect(requestsTo(request, 'GET', gatewayPath)).toHaveLength(1)
  }, 60_000)

  it('marks a top-up the gateway has paid as paid, with a reason, a confirmation and an Idempotency-Key', async () => {
    const request = fakeApi('finance', paidAtGateway)
    await renderAdmin('/topups', 'en-US')
    fireEvent.click(await screen.findByTestId('topup-reconcile'))
    const verdict = await screen.findByTestId('reconcile-verdict')
    expect(verdict.textContent).toContain('you may mark it paid')
    expect(within(screen.getByTestId('reconcile-answer')).getAllByText('¥72.50').length).toBe(2)

    fireEvent.click(screen.getByTestId('mark-paid-open'))
    fireEvent.click(await screen.findByTestId('mark-paid-review'))
    expect(await screen.findByText('Give a reason (3 to 500 characters)')).toBeTruthy()
    const reason = screen.getByTestId('mark-paid-reason')
    fireEvent.change(reason, { target: { value: 'notify lost, gateway shows paid' } })
    fireEvent.click(screen.getByTestId('mark-paid-review'))
    const summary = await screen.findByTestId('mark-paid-summary')
    expect(summary.textContent).toContain(
      'Credit $10.00 to the wallet of lin@example.com for top-up T20261125AB12CD34EF?',
    )
    expect(requestsTo(request, 'POST', markPath)).toHaveLength(0)

    fireEvent.click(screen.getByTestId('mark-paid-confirm'))
    const result = await screen.findByTestId('mark-paid-result')
    expect(result.textContent).toContain('Credited $10.00 to lin@example.com')
    const [sent] = requestsTo(request, 'POST', markPath)
    expect(sent?.data).toEqual({ reason: 'notify lost, gateway shows paid' })
    expect(sent?.headers?.['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/)
  }, 60_000)
})
