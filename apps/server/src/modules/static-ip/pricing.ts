import { DURATION_DISCOUNT_PERCENT, type DurationDays } from '@proxy/contract/static-ip/catalog'

/** Price in cents of one IP for a term: the 30-day price per month, less the term's discount. */
export function unitPriceCents(pricePer30Days: number, durationDays: DurationDays): number {
  const discount = DURATION_DISCOUNT_PERCENT[durationDays]
  return Math.round((pricePer30Days * durationDays * (100 - discount)) / (30 * 100))
}

/** Price in cents of one IP for a term before its discount: what the discount is measured against. */
export function listPriceCents(pricePer30Days: number, durationDays: DurationDays): number {
  return Math.round((pricePer30Days * durationDays) / 30)
}
