// The price of a traffic order and what the wallet covers, worked out in cents (the server charges the same).
import { TRAFFIC_MAX_QUANTITY, type TrafficPlan } from '@proxy/contract/traffic/endpoints'

export type TrafficQuote = {
  total: number
  totalBytes: number
  /** undefined while the balance is unknown. */
  balanceAfter: number | undefined
  shortfall: number
}

const cents = (amount: number) => Math.round(amount * 100)

/** A whole number of packages within 1..TRAFFIC_MAX_QUANTITY (an emptied input counts as 1). */
export const clampQuantity = (value: number | null | undefined): number =>
  Math.min(TRAFFIC_MAX_QUANTITY, Math.max(1, Math.floor(Number.isFinite(value) ? (value as number) : 1)))

export const trafficQuote = (
  plan: Pick<TrafficPlan, 'price' | 'sizeBytes'>,
  quantity: number,
  balance: number | undefined,
): TrafficQuote => {
  const total = cents(plan.price) * quantity
  const left = balance === undefined ? undefined : cents(balance) - total
  return {
    total: total / 100,
    totalBytes: plan.sizeBytes * quantity,
    balanceAfter: left === undefined || left < 0 ? undefined : left / 100,
    shortfall: left === undefined || left >= 0 ? 0 : -left / 100,
  }
}
