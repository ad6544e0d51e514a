// What a term discount saved: the percentage and the money, from the server's numbers in cents.
import { amountToCents, centsToAmount } from '@proxy/contract/money'
import { formatBalance } from '@proxy/contract/wire'

/**
 * The saving behind a discounted total when only the percentage is known (a recorded order): the total is
 * (100 − p)% of the list price, so the list price less the total is total × p / (100 − p), to the cent.
 */
export const savingFromTotal = (total: number, percent: number): number => {
  if (!(percent > 0 && percent < 100)) return 0
  return centsToAmount(Math.round((amountToCents(total) * percent) / (100 - percent)))
}

/** "−5% · −$3.75"; null when nothing was taken off, so no line is shown. */
export const formatDiscount = (percent: number, saving: number): string | null => {
  if (!(percent > 0)) return null
  const money = saving > 0 ? ` · \u2212${formatBalance(saving)}` : ''
  return `\u2212${percent}%${money}`
}
