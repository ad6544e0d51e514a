import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mockApi, renderRoute } from '../../../test/render-route.tsx'
import { OrderDrawer } from './order-drawer.tsx'

const ORDER_NO = 'S20250314ABCDEFGHIJ'

const order = (discount: number, unitPrice: number, total: number) => ({
  orderNo: ORDER_NO,
  kind: 'new',
  status: 'paid',
  regionId: 'us-lax',
  quantity: 2,
  durationDays: discount > 0 ? 90 : 30,
  protocol: 'socks5',
  unitPrice,
  discount,
  total,
  createdAt: '2025-03-14T02:00:00.000Z',
})

const open = (value: ReturnType<typeof order>) => {
  mockApi(({ url }) => {
    if (url === `/orders/${ORDER_NO}`) return { order: value, instances: [], replacements: [] }
    throw new Error(`unexpected ${url}`)
  })
  return renderRoute(<OrderDrawer orderNo={ORDER_NO} onClose={() => {}} />, { path: '/', url: '/' })
}

afterEach(() => vi.restoreAllMocks())

describe('order drawer: the discount', { timeout: 20_000 }, () => {
  it('shows the percentage and the money saved', async () => {
    open(order(5, 71.25, 142.5))
    const drawer = await screen.findByTestId('order-drawer')
    expect(screen.getByTestId('order-discount').textContent).toBe('\u22125% · \u2212$7.50')
    expect(drawer.textContent).toContain('优惠')
  })

  it('shows no discount line for an order without one', async () => {
    open(order(0, 25, 50))
    const drawer = await screen.findByTestId('order-drawer')
    expect(screen.queryByTestId('order-discount')).toBeNull()
    expect(drawer.textContent).not.toContain('优惠')
    expect(drawer.textContent).not.toContain('$0.00')
  })
})
