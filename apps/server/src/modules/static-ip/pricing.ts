// Static-IP prices: the region's 30-day price times the term's months, less the term's discount. The
// discounts live in `duration_discounts` (the operator edits them); every price is computed from there.

import { amountToCents } from '@proxy/contract/money'
import { DURATIONS, type DurationDays } from '@proxy/contract/static-ip/catalog'
import type { Db, Tx } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { durationDiscounts } from './static-ip.schema.ts'

/** Percent off each term's list price, as the operator set it (a term with no row has none). */
export type TermDiscounts = Record<DurationDays, number>

export async function termDiscounts(db: Db | Tx): Promise<TermDiscounts> {
  const rows = await db.select().from(durationDiscounts)
  const percent = new Map(rows.map((row) => [row.durationDays, row.percent]))
  return Object.fromEntries(DURATIONS.map((days) => [days, percent.get(days) ?? 0])) as TermDiscounts
}

/** Price in cents of one IP for a term: the 30-day price per month, less the term's discount. */
export function unitPriceCents(pricePer30Days: number, durationDays: DurationDays, discount: number): number {
  return Math.round((pricePer30Days * durationDays * (100 - discount)) / (30 * 100))
}

/** Price in cents of one IP for a term before its discount: what the discount is measured against. */
export function listPriceCents(pricePer30Days: number, durationDays: DurationDays): number {
  return Math.round((pricePer30Days * durationDays) / 30)
}

/**
 * Refuses a purchase the customer confirmed at another total (a price or discount changed since their
 * quote): nothing is charged, they quote again. No `expectedTotal`: the price now is taken.
 */
export function assertExpectedTotal(expectedTotal: number | undefined, totalCents: number): void {
  if (expectedTotal !== undefined && amountToCents(expectedTotal) !== totalCents)
    throw new AppError('PRICE_CHANGED')
}
