import type { Instance } from '@proxy/contract/static-ip/instances'
import type { IpReplacement } from '@proxy/contract/static-ip/replacement'
import { act, cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../app/i18n.ts'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { mockApi, renderRoute } from '../../../test/render-route.tsx'
import { OrderDrawer } from './order-drawer.tsx'

const ORDER_NO = 'S20250314ABCDEFGHIJ'

const order = {
  orderNo: ORDER_NO,
  kind: 'new',
  status: 'paid',
  regionId: 'us-lax',
  quantity: 1,
  durationDays: 30,
  protocol: 'socks5',
  unitPrice: 25,
  discount: 0,
  total: 25,
  createdAt: '2025-03-14T02:00:00.000Z',
}

const instance: Instance = {
  id: '3f0c8a52-6a1b-4c7e-9d2f-0123456789ab',
  lineInstanceName: 'US-LosAngeles-7',
  ip: '203.0.113.9',
  port: 1080,
  protocol: 'socks5',
  username: 'ualice0001',
  password: 'secret-password-1',
  uuid: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  regionId: 'us-lax',
  countryCode: 'US',
  country: '美国',
  city: '洛杉矶',
  status: 'active',
  expiresAt: '2099-03-14T02:00:00.000Z',
  autoRenew: false,
  remark: '',
  orderNo: ORDER_NO,
  createdAt: '2025-03-14T02:00:00.000Z',
}

const replacement = (
  id: string,
  oldIp: string,
  newIp: string,
  reason: IpReplacement['reason'],
  createdAt: string,
) => ({
  id,
  instanceId: instance.id,
  orderNo: ORDER_NO,
  oldIp,
  newIp,
  reason,
  createdAt,
})

const open = (replacements: IpReplacement[]) => {
  mockApi(({ url }) => {
    if (url === `/orders/${ORDER_NO}`) return { order, instances: [instance], replacements }
    throw new Error(`unexpected ${url}`)
  })
  return renderRoute(<OrderDrawer orderNo={ORDER_NO} onClose={() => {}} />, {
    path: '/console/orders',
    url: '/console/orders',
  })
}

afterEach(async () => {
  cleanup()
  vi.restoreAllMocks()
  await act(() => i18n.changeLanguage('zh-CN'))
})

describe('order drawer: IP replacements', { timeout: 20_000 }, () => {
  it('lists each replacement with its time, line, old and new address and reason', async () => {
    const later = replacement('a1', '203.0.113.8', '203.0.113.9', 'slow', '2025-03-30T08:00:00.000Z')
    const earlier = replacement('a0', '203.0.113.7', '203.0.113.8', 'blocked', '2025-03-20T08:00:00.000Z')
    open([later, earlier])
    const section = await screen.findByTestId('order-replacements')
    expect(within(section).getByText('IP更换记录')).toBeTruthy()
    const rows = within(section).getAllByRole('row').slice(1)
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      [formatLocalDateTime(later.createdAt), 'US-LosAngeles-7', '203.0.113.8 → 203.0.113.9', '速度慢'],
      [formatLocalDateTime(earlier.createdAt), 'US-LosAngeles-7', '203.0.113.7 → 203.0.113.8', '被封禁'],
    ])
    await act(() => i18n.changeLanguage('en-US'))
    expect(within(section).getByText('IP replacements')).toBeTruthy()
    expect(within(section).getByText('Blocked')).toBeTruthy()
  })

  it('shows no replacement section for an order whose IPs were never replaced', async () => {
    open([])
    await screen.findByTestId('order-drawer')
    expect(screen.queryByTestId('order-replacements')).toBeNull()
  })
})
