import type { CustomerDetail } from '@proxy/contract/admin/customers'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useIsNarrow } from '../../../shared/ui/use-is-narrow.ts'
// Loaded up front: the route imports it lazily, which would count against the first test's time.
import './customers-page.tsx'
import { fakeOperator, mockAdminApi, modalButton, renderAdmin, requestsTo } from '../../test/render-admin.tsx'

vi.mock('../../../shared/ui/use-is-narrow.ts', () => ({ useIsNarrow: vi.fn(() => false) }))

afterEach(() => {
  vi.mocked(useIsNarrow).mockReturnValue(false)
  vi.restoreAllMocks()
})

const lin: CustomerDetail = {
  id: '0c9e2f4a-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
  email: 'lin@example.com',
  status: 'active',
  emailVerified: true,
  balance: 42.5,
  activeStaticIps: 3,
  createdAt: '2026-03-14T02:00:00.000Z',
  suspendedAt: null,
  suspendReason: null,
  trafficRemainingBytes: 5 * 1024 ** 3,
  twoFactorEnabled: false,
  activeSessions: 2,
}
const detailPath = `/admin/customers/${lin.id}`

const fakeApi = (role: 'finance' | 'support') =>
  mockAdminApi(({ url, method }) => {
    if (url === '/admin/auth/me') return fakeOperator(role)
    if (url === '/admin/customers') return { items: [lin], total: 1, page: 1, pageSize: 20 }
    if (url === detailPath) return lin
    if (url === `${detailPath}/adjustments` && method === 'POST')
      return { balance: 30, transactionId: 'tx-1' }
    if (url === `${detailPath}/suspend` && method === 'POST')
      return { ...lin, status: 'suspended', suspendedAt: '2026-11-25T00:00:00.000Z', suspendReason: 'abuse' }
    throw new Error(`unexpected ${method} ${url}`)
  })

const fill = (testId: string, value: string) => {
  const field = screen.getByTestId(testId)
  const input =
    field.tagName === 'INPUT' || field.tagName === 'TEXTAREA' ? field : field.querySelector('input')
  if (input === null) throw new Error(`no input in ${testId}`)
  fireEvent.change(input, { target: { value } })
}

// At phone width (cards) but for one test: antd's Table takes seconds under jsdom on a busy runner.
describe('customers page', () => {
  it('searches by email or id through the API', async () => {
    vi.mocked(useIsNarrow).mockReturnValue(true)
    const request = fakeApi('support')
    await renderAdmin('/customers')
    expect(await screen.findByText('lin@example.com')).toBeTruthy()
    const search = within(screen.getByTestId('customers-search')).getByRole('searchbox')
    fireEvent.change(search, { target: { value: ' lin@ ' } })
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 })
    await waitFor(() =>
      expect(requestsTo(request, 'GET', '/admin/customers').at(-1)?.params).toEqual({
        page: 1,
        pageSize: 20,
        q: 'lin@',
      }),
    )
  })

  it('moves money only after a confirmation naming the amount and the email, with a fresh Idempotency-Key', async () => {
    vi.mocked(useIsNarrow).mockReturnValue(true)
    const request = fakeApi('finance')
    await renderAdmin(`/customers?customer=${lin.id}`, 'en-US')
    const detail = await screen.findByTestId('customer-detail')
    expect(within(detail).getByText('lin@example.com')).toBeTruthy()
    expect(within(detail).getByText('5 GB')).toBeTruthy()
    expect(screen.queryByTestId('customer-suspension')).toBeNull()

    fireEvent.click(screen.getByTestId('customer-adjust'))
    fill('adjust-amount', '-12.5')
    fill('adjust-reason', 'refund of a duplicate top-up')
    fireEvent.click(modalButton('Review'))
    const summary = await screen.findByTestId('adjust-summary')
    expect(summary.textContent).toContain('Debit $12.50 from the wallet of lin@example.com.')
    expect(summary.textContent).toContain('Reason: refund of a duplicate top-up')
    expect(requestsTo(request, 'POST', `${detailPath}/adjustments`)).toHaveLength(0)

    fireEvent.click(modalButton('Confirm adjustment'))
    await waitFor(() => expect(requestsTo(request, 'POST', `${detailPath}/adjustments`)).toHaveLength(1))
    const [sent] = requestsTo(request, 'POST', `${detailPath}/adjustments`)
    expect(sent?.data).toEqual({ amount: -12.5, reason: 'refund of a duplicate top-up' })
    expect(sent?.headers?.['Idempotency-Key']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
  })

  it('refuses a zero amount before any review', async () => {
    vi.mocked(useIsNarrow).mockReturnValue(true)
    fakeApi('finance')
    await renderAdmin(`/customers?customer=${lin.id}`)
    fireEvent.click(await screen.findByTestId('customer-adjust'))
    fill('adjust-amount', '0')
    fireEvent.click(modalButton('核 对'))
    expect(await screen.findByText('请输入非零金额，最多两位小数，绝对值不超过 100,000')).toBeTruthy()
    expect(screen.queryByTestId('adjust-summary')).toBeNull()
  })

  it('suspends with a required reason for support, who cannot adjust wallets', async () => {
    vi.mocked(useIsNarrow).mockReturnValue(true)
    const request = fakeApi('support')
    await renderAdmin(`/customers?customer=${lin.id}`, 'en-US')
    await screen.findByTestId('customer-detail')
    expect(screen.queryByTestId('customer-adjust')).toBeNull()
    fireEvent.click(screen.getByTestId('customer-suspension'))
    await screen.findByTestId('suspension-reason')
    fireEvent.click(modalButton('Suspend'))
    expect(await screen.findByText('Give a reason (at least 3 characters)')).toBeTruthy()
    expect(requestsTo(request, 'POST', `${detailPath}/suspend`)).toHaveLength(0)
    fill('suspension-reason', 'abuse')
    fireEvent.click(modalButton('Suspend'))
    await waitFor(() => expect(requestsTo(request, 'POST', `${detailPath}/suspend`)).toHaveLength(1))
    expect(requestsTo(request, 'POST', `${detailPath}/suspend`)[0]?.data).toEqual({ reason: 'abuse' })
  })

  it('shows the customers as cards on a phone and as a table on a desk', async () => {
    vi.mocked(useIsNarrow).mockReturnValue(true)
    fakeApi('support')
    const phone = await renderAdmin('/customers', 'en-US')
    expect(await screen.findByText('lin@example.com')).toBeTruthy()
    expect(screen.getByText('Active static IPs')).toBeTruthy()
    expect(document.querySelector('table')).toBeNull()
    phone.unmount()

    vi.mocked(useIsNarrow).mockReturnValue(false)
    await renderAdmin('/customers', 'en-US')
    const table = await screen.findByTestId('customers-table')
    expect(await within(table).findByText('lin@example.com')).toBeTruthy()
    expect(within(table).getByText('$42.50')).toBeTruthy()
  })
})
