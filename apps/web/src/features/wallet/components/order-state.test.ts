import type { TopUpOrder } from '@proxy/contract/wallet/topups'
import { describe, expect, it } from 'vitest'
import { orderState } from './order-state.ts'

const order = (changes: Partial<TopUpOrder>): TopUpOrder => ({
  orderNo: 'T20250101ABCDEFGHJK',
  amount: 100,
  cnyAmount: 720,
  usdCnyRate: 7.2,
  channel: 'alipay',
  status: 'pending',
  payUrl: '/sandbox-pay/submit.php?x=1',
  expiresAt: '2025-01-01T00:30:00.000Z',
  createdAt: '2025-01-01T00:00:00.000Z',
  paidAt: null,
  ...changes,
})

describe('orderState', () => {
  it('is payable while pending, in time and with a payment address', () => {
    expect(orderState(order({}), 60_000)).toBe('payable')
  })

  it('is expired once the countdown is over, whatever the server still says', () => {
    expect(orderState(order({}), 0)).toBe('expired')
  })

  it('is unavailable when the server gives no payment address', () => {
    expect(orderState(order({ payUrl: null }), 60_000)).toBe('unavailable')
  })

  it.each(['paid', 'cancelled', 'closed'] as const)('follows the final status %s', (status) => {
    expect(orderState(order({ status, payUrl: null }), 60_000)).toBe(status)
    expect(orderState(order({ status, payUrl: null }), 0)).toBe(status)
  })
})
