import type { CustomerDetail, CustomerStaticIp } from '@proxy/contract/admin/customers'
import type { InventoryAddress } from '@proxy/contract/admin/inventory'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useIsNarrow } from '../../../shared/ui/use-is-narrow.ts'
// Loaded up front: the route imports it lazily, which would count against the first test's time.
import './customers-page.tsx'
import { fakeOperator, mockAdminApi, modalButton, renderAdmin, requestsTo } from '../../test/render-admin.tsx'

vi.mock('../../../shared/ui/use-is-narrow.ts', () => ({ useIsNarrow: vi.fn(() => true) }))

afterEach(() => {
  vi.mocked(useIsNarrow).mockReturnValue(true)
  vi.restoreAllMocks()
})

const lin: CustomerDetail = {
  id: '0c9e2f4a-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
  email: 'lin@example.com',
  status: 'active',
  emailVerified: true,
  balance: 42.5,
  activeStaticIps: 1,
  createdAt: '2026-03-14T02:00:00.000Z',
  suspendedAt: null,
  suspendReason: null,
  trafficRemainingBytes: 0,
  twoFactorEnabled: false,
  activeSessions: 1,
}
const detailPath = `/admin/customers/${lin.id}`

const ip = (id: string, address: string, status: CustomerStaticIp['status']): CustomerStaticIp => ({
  id,
  lineInstanceName: `line-${id.slice(0, 4)}`,
  ip: address,
  port: 20001,
  protocol: 'socks5',
  regionId: 'us-lax',
  countryCode: 'US',
  country: 'United States',
  city: 'Los Angeles',
  status,
  expiresAt: '2026-12-25T00:00:00.000Z',
  autoRenew: false,
  remark: '',
  orderNo: 'S2026112500000001',
  createdAt: '2026-11-25T00:00:00.000Z',
})
const active = ip('1a2b3c4d-0000-4000-8000-000000000001', '10.0.0.1', 'active')
const expired = ip('1a2b3c4d-0000-4000-8000-000000000002', '10.0.0.2', 'expired')

const free: InventoryAddress = {
  id: '5e6f7a8b-0000-4000-8000-000000000009',
  regionId: 'us-lax',
  ip: '10.0.0.9',
  port: 20009,
  node: 'node-b',
  status: 'available',
  coolingUntil: null,
  createdAt: '2026-11-01T00:00:00.000Z',
}
const replacePath = `/admin/instances/${active.id}/replace`

const fakeApi = (role: 'operator' | 'support') =>
  mockAdminApi(({ url, method }) => {
    if (url === '/admin/auth/me') return fakeOperator(role)
    if (url === '/admin/customers') return { items: [lin], total: 1, page: 1, pageSize: 20 }
    if (url === detailPath) return lin
    if (url === `${detailPath}/static-ips`)
      return { items: [active, expired], total: 2, page: 1, pageSize: 10 }
    if (url === '/admin/inventory') return { items: [free], total: 1, page: 1, pageSize: 100 }
    if (url === replacePath && method === 'POST')
      return {
        instance: { ...active, ip: free.ip, port: free.port },
        customerId: lin.id,
        oldAddress: {
          id: '5e6f7a8b-0000-4000-8000-000000000001',
          ip: active.ip,
          port: active.port,
          node: 'node-a',
        },
        newAddress: { id: free.id, ip: free.ip, port: free.port, node: free.node },
      }
    if (url === `${detailPath}/password-reset` && method === 'POST') return { email: lin.email }
    throw new Error(`unexpected ${method} ${url}`)
  })

const fill = (testId: string, value: string) => {
  const field = screen.getByTestId(testId)
  const input =
    field.tagName === 'INPUT' || field.tagName === 'TEXTAREA' ? field : field.querySelector('textarea, input')
  if (input === null) throw new Error(`no input in ${testId}`)
  fireEvent.change(input, { target: { value } })
}

describe("the customer drawer's IPs and address replacement", () => {
  it('lists the IPs and replaces an active one onto the next free address after a confirmation', async () => {
    const request = fakeApi('operator')
    await renderAdmin(`/customers?customer=${lin.id}`, 'en-US')
    const list = await screen.findByTestId('customer-ips')
    expect(await within(list).findByText('10.0.0.1:20001')).toBeTruthy()
    expect(within(list).getByText('10.0.0.2:20001')).toBeTruthy()
    expect(within(list).getByText('Expired')).toBeTruthy()
    // Only the active IP can move; an operator sends no reset mail.
    expect(screen.queryByTestId(`replace-${expired.id}`)).toBeNull()
    expect(screen.queryByTestId('customer-reset-mail')).toBeNull()

    fireEvent.click(screen.getByTestId(`replace-${active.id}`))
    await screen.findByTestId('replace-reason')
    await waitFor(() =>
      expect(requestsTo(request, 'GET', '/admin/inventory').at(-1)?.params).toEqual({
        regionId: 'us-lax',
        status: 'available',
        page: 1,
        pageSize: 100,
      }),
    )
    fireEvent.click(modalButton('Review'))
    expect(await screen.findByText('Give a reason (at least 3 characters)')).toBeTruthy()
    fill('replace-reason', 'blacklisted by a mail provider')
    fireEvent.click(modalButton('Review'))
    const summary = await screen.findByTestId('replace-summary')
    expect(summary.textContent).toContain(
      'Move 10.0.0.1:20001 of lin@example.com to the next free address of United States · Los Angeles.',
    )
    expect(summary.textContent).toContain('Reason: blacklisted by a mail provider')
    expect(requestsTo(request, 'POST', replacePath)).toHaveLength(0)

    fireEvent.click(modalButton('Replace address'))
    const done = await screen.findByTestId('replace-done')
    expect(done.textContent).toContain('10.0.0.9:20009')
    expect(requestsTo(request, 'POST', replacePath).map((sent) => sent.data)).toEqual([
      { reason: 'blacklisted by a mail provider' },
    ])
  })

  it('moves onto the address chosen from the free addresses of the region', async () => {
    const request = fakeApi('operator')
    await renderAdmin(`/customers?customer=${lin.id}`, 'en-US')
    fireEvent.click(await screen.findByTestId(`replace-${active.id}`))
    fill('replace-reason', 'customer asked for a new address')
    const select = screen.getByTestId('replace-target')
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select)
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')].find((item) =>
        item.textContent?.includes('10.0.0.9:20009 · node-b'),
      )
      if (!found) throw new Error('no option yet')
      return found
    })
    fireEvent.click(option)
    fireEvent.click(modalButton('Review'))
    const summary = await screen.findByTestId('replace-summary')
    expect(summary.textContent).toContain(
      'Move 10.0.0.1:20001 of lin@example.com to 10.0.0.9:20009 · node-b.',
    )
    fireEvent.click(modalButton('Replace address'))
    await screen.findByTestId('replace-done')
    expect(requestsTo(request, 'POST', replacePath)[0]?.data).toEqual({
      reason: 'customer asked for a new address',
      addressId: free.id,
    })
  })
})

describe('the password-reset mail', () => {
  it('is sent by support after a reason and a confirmation naming the address', async () => {
    const request = fakeApi('support')
    await renderAdmin(`/customers?customer=${lin.id}`, 'en-US')
    await screen.findByTestId('customer-detail')
    expect(await screen.findByText('10.0.0.1:20001')).toBeTruthy()
    // Support reads IPs but does not manage the inventory.
    expect(screen.queryByTestId(`replace-${active.id}`)).toBeNull()

    fireEvent.click(screen.getByTestId('customer-reset-mail'))
    await screen.findByTestId('reset-mail-reason')
    fireEvent.click(modalButton('Review'))
    expect(await screen.findByText('Give a reason (at least 3 characters)')).toBeTruthy()
    fill('reset-mail-reason', 'customer called: lost the link')
    fireEvent.click(modalButton('Review'))
    const summary = await screen.findByTestId('reset-mail-summary')
    expect(summary.textContent).toContain('Send a password-reset link to lin@example.com?')
    expect(requestsTo(request, 'POST', `${detailPath}/password-reset`)).toHaveLength(0)

    fireEvent.click(modalButton('Send mail'))
    expect(await screen.findByText('Password-reset mail sent to lin@example.com')).toBeTruthy()
    expect(requestsTo(request, 'POST', `${detailPath}/password-reset`).map((sent) => sent.data)).toEqual([
      { reason: 'customer called: lost the link' },
    ])
  })

  it('is offered in Chinese too', async () => {
    fakeApi('support')
    await renderAdmin(`/customers?customer=${lin.id}`)
    fireEvent.click(await screen.findByTestId('customer-reset-mail'))
    expect(await screen.findByText('向 lin@example.com 发送重置密码邮件')).toBeTruthy()
  })
})
