// What a customer can do with a top-up order now: the server status plus the clock (a pending order past its
// expiry cannot be paid even before the closing job has marked it closed).
import type { TopUpOrder } from '@proxy/contract/wallet/topups'

export type OrderState = 'payable' | 'paid' | 'cancelled' | 'closed' | 'expired' | 'unavailable'
export type EndedState = Exclude<OrderState, 'payable' | 'paid'>

export const orderState = (order: TopUpOrder, remainingMs: number): OrderState => {
  if (order.status !== 'pending') return order.status
  if (remainingMs <= 0) return 'expired'
  // Pending and in time, but the server gives no payment address: the gateway is switched off.
  return order.payUrl ? 'payable' : 'unavailable'
}
