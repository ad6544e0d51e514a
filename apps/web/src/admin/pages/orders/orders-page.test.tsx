import type { CustomerStaticIp, CustomerTrafficPackage } from '@proxy/contract/admin/customers'
import type { AdminOrder } from '@proxy/contract/admin/orders'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../shared/http/api-error.ts'
import { useIsNarrow } from '../../../shared/ui/use-is-narrow.ts'
// Loaded up front: the route imports it lazily, which would count against the first test's time.
import './orders-page.tsx'
import {
  apiError,
  fakeOperator,
  mockAdminApi,
  modalButton,
  renderAdmin,
  requestsTo,
} from '../../test/render-admin.tsx'

vi.mock('../../../shared/ui/use-is-narrow.ts', () => ({ useIsNarrow: vi.fn(() => true) }))

afterEach(() => {
  vi.mocked(useIsNarrow).mockReturnValue(true)
  vi.restoreAllMocks()
})

const customerId = '0c9e2f4a-5b6d-4e7f-8a9b-0c1d2e3f4a5b'
const ipOrder: AdminOrder = {
  orderNo: 'S20261120AB12CD34EF',
  kind: 'new',
  status: 'paid',
  regionId: 'us-east',
  quantity: 2,
  durationDays: 30,
  protocol: 'socks5',
  unitPrice: 5,
  discount: 0,
  total: 10,
  createdAt: '2026-11-20T02:00:00.000Z',
  customerId,
  customerEmail: 'lin@example.com',
}
const trafficOrder: AdminOrder = {
  ...ipOrder,
  orderNo: 'F20261121AB12CD34EF',
  kind: 'traffic',
  regionId: null,
  quantity: 1,
  protocol: null,
  unitPrice: 30,
  total: 30,
}
const DAY = 24 * 3600 * 1000
const ip: CustomerStaticIp = {
  id: '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
  lineInstanceName: 'line-1',
  ip: '203.0.113.7',
  port: 1080,
  protocol: 'socks5',
  regionId: 'us-east',
  countryCode: 'US',
  country: 'United States',
  city: 'Ashburn',
  status: 'active',
  // 12 whole days and a half left.
  expiresAt: new Date(Date.now() + 12.5 * DAY).toISOString(),
  autoRenew: false,
  remark: '',
  orderNo: ipOrder.orderNo,
  createdAt: '2026-11-20T02:00:00.000Z',
}
const refundPath = `/admin/refunds/static-ip/${ip.id}`
const trafficPackage = (id: string, orderNo: string, planNameEn: string): CustomerTrafficPackage => ({
  id,
  planName: planNameEn,
  planNameEn,
  totalBytes: 10 * 1024 ** 3,
  usedBytes: 1024 ** 3,
  remainingBytes: 9 * 1024 ** 3,
  status: 'active',
  purchasedAt: '2026-11-21T02:00:00.000Z',
  expiresAt: new Date(Date.now() + 20 * DAY).toISOString(),
  orderNo,
})
// Another order's package is listed first by the server (soonest expiry): the dialog puts this order's first.
const otherPackage = trafficPackage(
  '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  'F20261101XX00XX00XX',
  '5 GB weekly',
)
const orderPackage = trafficPackage(
  '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a',
  trafficOrder.orderNo,
  '10 GB monthly',
)
const trafficRefundPath = `/admin/refunds/traffic-packages/${orderPackage.id}`
const page = (items: AdminOrder[]) => ({ items, total: items.length, page: 1, pageSize: 20 })

const fakeApi = (role: 'finance' | 'support', refund: () => unknown = () => refunded) =>
  mockAdminApi(({ url, method }) => {
    if (url === '/admin/auth/me') return fakeOperator(role)
    if (url === '/admin/orders') return page([ipOrder, trafficOrder])
    if (url === `/admin/customers/${customerId}/static-ips`) return { ...page([]), items: [ip], total: 1 }
    if (url === `/admin/customers/${customerId}/traffic-packages`)
      return { ...page([]), items: [otherPackage, orderPackage], total: 2 }
    if ((url === refundPath || url === trafficRefundPath) && method === 'POST') return refund()
    throw new Error(`unexpected ${method} ${url}`)
  })
const refunded = { amount: 4.16, balance: 46.66, customerId, transactionIds: ['tx-1'] }

const fill = (testId: string, value: string) => {
  const field = screen.getByTestId(testId)
  const input =
    field.tagName === 'INPUT' || field.tagName === 'TEXTAREA' ? field : field.querySelector('input')
  if (input === null) throw new Error(`no input in ${testId}`)
  fireEvent.change(input, { target: { value } })
}

const chooseIp = async () => {
  const select = await screen.findByTestId('refund-item')
  const combobox = within(select.closest('.ant-select') ?? select).getByRole('combobox')
  fireEvent.mouseDown(combobox)
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find((node) =>
      node.textContent?.includes('203.0.113.7:1080'),
    )
    if (!found) throw new Error('no IP option')
    return found
  })
  expect(option.textContent).toContain('12 unused days')
  fireEvent.click(option)
}

describe('orders page', () => {
  it('offers finance an Export CSV link carrying the filters on screen, and support none', async () => {
    fakeApi('finance')
    const email = encodeURIComponent('lin@example.com')
    const view = await renderAdmin(`/orders?kind=traffic&customer=${email}&page=2`, 'en-US')
    const link = await screen.findByTestId('orders-export')
    expect(link.tagName).toBe('A')
    expect(link.hasAttribute('download')).toBe(true)
    expect(link.textContent).toContain('Export CSV')
    const href = new URL(link.getAttribute('href') ?? '', 'http://console.test')
    expect(href.pathname).toBe('/api/admin/orders/export')
    // The filters, without the list's paging (the export has none).
    expect(Object.fromEntries(href.searchParams)).toEqual({ customer: 'lin@example.com', kind: 'traffic' })
    view.unmount()

    fakeApi('support')
    await renderAdmin('/orders?kind=traffic', 'zh-CN')
    expect(await screen.findByText(ipOrder.orderNo)).toBeTruthy()
    expect(screen.queryByTestId('orders-export')).toBeNull()
  })

  it('lists every customer’s orders and keeps the customer, type and days in the address', async () => {
    const request = fakeApi('support')
    const view = await renderAdmin('/orders?kind=traffic&first=2026-11-01&last=2026-11-30', 'en-US')
    expect(await screen.findByText(ipOrder.orderNo)).toBeTruthy()
    expect(screen.getByText('Static IP × 2 · us-east · socks5 · 30 days')).toBeTruthy()
    const [first] = requestsTo(request, 'GET', '/admin/orders')
    expect(first?.params).toMatchObject({ page: 1, pageSize: 20, kind: 'traffic' })
    const { from, to } = (first?.params ?? {}) as { from: string; to: string }
    expect(new Date(from).getDate()).toBe(1)
    expect(Date.parse(to) - Date.parse(from)).toBe(30 * DAY - 1)

    const search = within(screen.getByTestId('orders-search')).getByRole('searchbox')
    fireEvent.change(search, { target: { value: ' lin@example.com ' } })
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 })
    await waitFor(() =>
      expect(requestsTo(request, 'GET', '/admin/orders').at(-1)?.params).toMatchObject({
        customer: 'lin@example.com',
        kind: 'traffic',
      }),
    )
    expect(view.location()).toContain('customer=lin%40example.com')

    // An order number is looked up as one, in any case.
    const again = within(screen.getByTestId('orders-search')).getByRole('searchbox')
    fireEvent.change(again, { target: { value: ipOrder.orderNo.toLowerCase() } })
    fireEvent.keyDown(again, { key: 'Enter', code: 'Enter', keyCode: 13 })
    await waitFor(() => {
      const params = requestsTo(request, 'GET', '/admin/orders').at(-1)?.params
      expect(params).toMatchObject({ orderNo: ipOrder.orderNo.toLowerCase() })
      expect(params).not.toHaveProperty('customer')
    })
  }, 60_000)

  it('opens an order in a drawer without a refund for a role that may not refund', async () => {
    fakeApi('support')
    await renderAdmin(`/orders?order=${ipOrder.orderNo}`, 'en-US')
    const detail = await screen.findByTestId('order-detail')
    expect(within(detail).getByText('lin@example.com')).toBeTruthy()
    expect(within(screen.getByTestId('order-items')).getByText('$10.00')).toBeTruthy()
    expect(screen.queryByTestId('order-refund')).toBeNull()
  }, 60_000)

  it('refunds an IP only with a reason and after a confirmation, once per dialog’s Idempotency-Key, and shows the amount', async () => {
    let calls = 0
    // The first answer is lost on the way (no status): the retry must send the same key.
    const request = fakeApi('finance', () => {
      calls += 1
      if (calls === 1) throw new ApiError('Network Error', null, null)
      return refunded
    })
    await renderAdmin(`/orders?order=${ipOrder.orderNo}`, 'en-US')
    fireEvent.click(await screen.findByTestId('order-refund'))
    await chooseIp()
    fireEvent.click(screen.getByTestId('refund-review'))
    expect(await screen.findByText('Give a reason (3 to 500 characters)')).toBeTruthy()
    expect(screen.queryByTestId('refund-summary')).toBeNull()

    fill('refund-reason', ' customer moved away ')
    fireEvent.click(screen.getByTestId('refund-review'))
    const summary = await screen.findByTestId('refund-summary')
    expect(summary.textContent).toContain(
      'Refund static IP 203.0.113.7:1080 (order S20261120AB12CD34EF) to the wallet of lin@example.com?',
    )
    expect(summary.textContent).toContain('It has 12 unused whole days')
    expect(summary.textContent).toContain('Reason: customer moved away')
    expect(requestsTo(request, 'POST', refundPath)).toHaveLength(0)

    fireEvent.click(screen.getByTestId('refund-confirm'))
    expect(await screen.findByTestId('refund-error')).toBeTruthy()
    fireEvent.click(modalButton('Retry'))
    const result = await screen.findByTestId('refund-result')
    expect(result.textContent).toContain('Refunded $4.16')
    expect(result.textContent).toContain('The wallet of lin@example.com now holds $46.66.')

    const sent = requestsTo(request, 'POST', refundPath)
    expect(sent).toHaveLength(2)
    expect(sent.map((call) => call.data)).toEqual([
      { reason: 'customer moved away' },
      { reason: 'customer moved away' },
    ])
    const key = sent[0]?.headers?.['Idempotency-Key']
    expect(key).toMatch(/^[0-9a-f-]{36}$/)
    expect(sent[1]?.headers?.['Idempotency-Key']).toBe(key)
  }, 60_000)

  it('shows the server’s refusal in words, and a new dialog takes a new key', async () => {
    const request = fakeApi('finance', () => {
      throw apiError('NOT_REFUNDABLE')
    })
    await renderAdmin(`/orders?order=${ipOrder.orderNo}`, 'en-US')
    for (const _ of [1, 2]) {
      fireEvent.click(await screen.findByTestId('order-refund'))
      await chooseIp()
      fill('refund-reason', 'duplicate purchase')
      fireEvent.click(screen.getByTestId('refund-review'))
      fireEvent.click(await screen.findByTestId('refund-confirm'))
      const error = await screen.findByTestId('refund-error')
      expect(error.textContent).toContain('This item cannot be refunded')
      fireEvent.click(modalButton('Back'))
      fireEvent.click(modalButton('Cancel'))
      await waitFor(() => expect(screen.queryByTestId('refund')).toBeNull())
    }
    const keys = requestsTo(request, 'POST', refundPath).map((call) => call.headers?.['Idempotency-Key'])
    expect(keys).toHaveLength(2)
    expect(keys[0]).not.toBe(keys[1])
  }, 90_000)

  it('refunds a traffic package chosen among the customer’s live ones, this order’s first', async () => {
    const request = fakeApi('finance')
    await renderAdmin(`/orders?order=${trafficOrder.orderNo}`, 'en-US')
    fireEvent.click(await screen.findByTestId('order-refund'))
    const select = await screen.findByTestId('refund-item')
    fireEvent.mouseDown(within(select.closest('.ant-select') ?? select).getByRole('combobox'))
    const options = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')]
      if (found.length !== 2) throw new Error('no package options')
      return found
    })
    expect(options[0]?.textContent).toContain('10 GB monthly · 9f8e7d6c · 9 GB left')
    expect(options[0]?.textContent).toContain('this order')
    expect(options[1]?.textContent).toContain('5 GB weekly')
    expect(options[1]?.textContent).not.toContain('this order')
    const params = requestsTo(request, 'GET', `/admin/customers/${customerId}/traffic-packages`)[0]?.params
    expect(params).toMatchObject({ status: 'active', page: 1, pageSize: 100 })
    fireEvent.click(options[0] as Element)

    fill('refund-reason', 'customer asked to cancel')
    fireEvent.click(screen.getByTestId('refund-review'))
    const summary = await screen.findByTestId('refund-summary')
    expect(summary.textContent).toContain(
      'Refund traffic package 10 GB monthly · 9f8e7d6c (order F20261121AB12CD34EF) to the wallet of lin@example.com?',
    )
    fireEvent.click(screen.getByTestId('refund-confirm'))
    expect((await screen.findByTestId('refund-result')).textContent).toContain('Refunded $4.16')
    expect(requestsTo(request, 'POST', trafficRefundPath).map((call) => call.data)).toEqual([
      { reason: 'customer asked to cancel' },
    ])
  }, 60_000)
})
