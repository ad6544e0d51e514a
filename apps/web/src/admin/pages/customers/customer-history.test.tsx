import type {
  CustomerDetail,
  CustomerTrafficPackage,
  CustomerTransaction,
} from '@proxy/contract/admin/customers'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
// Loaded up front: the route imports it lazily, which would count against the first test's time.
import './customers-page.tsx'
import { fakeOperator, mockAdminApi, renderAdmin, requestsTo } from '../../test/render-admin.tsx'

vi.mock('../../../shared/ui/use-is-narrow.ts', () => ({ useIsNarrow: vi.fn(() => true) }))

afterEach(() => vi.restoreAllMocks())

const lin: CustomerDetail = {
  id: '0c9e2f4a-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
  email: 'lin+vip@example.com',
  status: 'active',
  emailVerified: true,
  balance: 42.5,
  activeStaticIps: 0,
  createdAt: '2026-03-14T02:00:00.000Z',
  suspendedAt: null,
  suspendReason: null,
  trafficRemainingBytes: 9 * 1024 ** 3,
  twoFactorEnabled: false,
  activeSessions: 1,
}
const detailPath = `/admin/customers/${lin.id}`
const empty = { items: [], total: 0, page: 1, pageSize: 10 }
const GB = 1024 ** 3

const pack: CustomerTrafficPackage = {
  id: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a',
  planName: '10GB 月包',
  planNameEn: '10 GB monthly',
  totalBytes: 10 * GB,
  usedBytes: GB,
  remainingBytes: 9 * GB,
  status: 'active',
  purchasedAt: '2026-11-21T02:00:00.000Z',
  expiresAt: '2026-12-21T02:00:00.000Z',
  orderNo: 'F20261121AB12CD34EF',
}
const entry = (id: string, over: Partial<CustomerTransaction>): CustomerTransaction => ({
  id,
  type: 'purchase',
  amount: -30,
  balanceAfter: 12.5,
  description: '购买流量包 10GB 月包 ×1',
  about: { key: 'traffic-purchase', params: { plan: '10GB 月包', planEn: '10 GB monthly', quantity: 1 } },
  orderNo: pack.orderNo,
  createdAt: '2026-11-21T02:00:00.000Z',
  ...over,
})
const purchase = entry('e-1', {})
const credit = entry('e-2', {
  type: 'adjustment',
  amount: 42.5,
  balanceAfter: 42.5,
  description: '人工调整（入账）',
  about: { key: 'adjustment', params: { direction: 'credit' } },
  orderNo: null,
})
const legacy = entry('e-3', {
  type: 'topup',
  amount: 10,
  balanceAfter: 10,
  description: '旧的说明',
  about: null,
})

const fakeApi = (role: 'support') =>
  mockAdminApi(({ url, method, params }) => {
    if (url === '/admin/auth/me') return fakeOperator(role)
    if (url === '/admin/customers') return { items: [lin], total: 1, page: 1, pageSize: 20 }
    if (url === detailPath) return lin
    if (url === `${detailPath}/static-ips`) return empty
    if (url === `${detailPath}/traffic-packages`) return { ...empty, items: [pack], total: 1 }
    if (url === `${detailPath}/transactions`) {
      const { page } = params as { page: number }
      return page === 1
        ? { items: [purchase, credit], total: 12, page: 1, pageSize: 10 }
        : { items: [legacy], total: 12, page: 2, pageSize: 10 }
    }
    if (url === '/admin/orders') return { ...empty, pageSize: 20 }
    throw new Error(`unexpected ${method} ${url}`)
  })

const openTab = async (name: string) => {
  const tabs = await screen.findByTestId('customer-tabs')
  fireEvent.click(within(tabs).getByRole('tab', { name }))
}

describe("a customer's packages, ledger and links", () => {
  it('shows the traffic packages and the paged wallet ledger with signed, coloured amounts', async () => {
    const request = fakeApi('support')
    await renderAdmin(`/customers?customer=${lin.id}`, 'en-US')
    await screen.findByTestId('customer-detail')
    // Only the open tab asks the server.
    expect(requestsTo(request, 'GET', `${detailPath}/transactions`)).toHaveLength(0)

    await openTab('Traffic packages')
    const card = await screen.findByTestId(`package-${pack.id}`)
    expect(card.textContent).toContain('10 GB monthly')
    expect(card.textContent).toContain('Active')
    expect(card.textContent).toContain('1 GB of 10 GB used')
    expect(card.textContent).toContain(`Order ${pack.orderNo}`)

    await openTab('Wallet ledger')
    const bought = await screen.findByTestId('ledger-e-1')
    expect(bought.textContent).toContain('Traffic package 10 GB monthly ×1')
    expect(bought.textContent).toContain('Purchase')
    expect(bought.textContent).toContain('Balance after: $12.50')
    const debit = screen.getByTestId('ledger-amount-e-1')
    const moneyIn = screen.getByTestId('ledger-amount-e-2')
    expect(debit.textContent).toBe('\u2212$30.00')
    expect(moneyIn.textContent).toBe('+$42.50')
    expect(debit.style.color).not.toBe('')
    expect(moneyIn.style.color).not.toBe('')
    expect(debit.style.color).not.toBe(moneyIn.style.color)
    expect(screen.getByTestId('ledger-e-2').textContent).toContain('Manual adjustment (credit)')
    expect(requestsTo(request, 'GET', `${detailPath}/transactions`)[0]?.params).toEqual({
      page: 1,
      pageSize: 10,
    })

    fireEvent.click(within(screen.getByTestId('customer-ledger-pages')).getByTitle('2'))
    expect((await screen.findByTestId('ledger-e-3')).textContent).toContain('旧的说明')
    expect(requestsTo(request, 'GET', `${detailPath}/transactions`).at(-1)?.params).toEqual({
      page: 2,
      pageSize: 10,
    })
  }, 60_000)

  it('renders the plan and entries in Chinese for a Chinese reader', async () => {
    fakeApi('support')
    await renderAdmin(`/customers?customer=${lin.id}`, 'zh-CN')
    await openTab('流量包')
    expect((await screen.findByTestId(`package-${pack.id}`)).textContent).toContain('10GB 月包')
    await openTab('钱包流水')
    expect((await screen.findByTestId('ledger-e-1')).textContent).toContain('购买流量包 10GB 月包 ×1')
  }, 60_000)

  it("links to the customer's orders and top-ups, found by email", async () => {
    fakeApi('support')
    const view = await renderAdmin(`/customers?customer=${lin.id}`, 'en-US')
    await screen.findByTestId('customer-detail')
    const email = encodeURIComponent(lin.email)
    expect(screen.getByTestId('customer-topups').getAttribute('href')).toBe(`/topups?customer=${email}`)
    fireEvent.click(screen.getByTestId('customer-orders'))
    await waitFor(() => expect(view.location()).toBe(`/orders?customer=${email}`))
  }, 60_000)
})
