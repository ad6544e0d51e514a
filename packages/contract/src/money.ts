// Money is integer cents inside the server; the wire carries numbers with at most 2 decimals.
import { z } from 'zod'

export const centsToAmount = (cents: number): number => cents / 100

export const amountToCents = (amount: number): number => Math.round(amount * 100)

/**
 * Whether a number is whole cents. Compared with a tolerance: 0.29 × 100 is 28.999999999999996 in
 * binary floating point, so an exact test refuses cents a customer typed.
 */
export const hasAtMostTwoDecimals = (value: number): boolean =>
  Math.abs(value * 100 - Math.round(value * 100)) < 1e-6

/** An amount of money on the wire (signed where the field says so): a finite number of whole cents. */
export const Amount = z.number().finite().refine(hasAtMostTwoDecimals, { message: 'At most 2 decimals' })

/**
 * The total a customer confirmed from a quote, in dollars. When it differs from the total priced at
 * purchase (an operator changed a price or a discount since), the purchase is refused with
 * PRICE_CHANGED and nothing is charged. Left out, the price of the moment is taken.
 */
export const ExpectedTotal = Amount.refine((value) => value >= 0, { message: 'Not negative' }).optional()

export { formatBalance } from './wire.ts'

/**
 * Fen the payment gateway charges for `cents` (US) at `rate` yuan per dollar: rounded half up to the
 * fen, in integers. The server fixes it on the top-up order; the recharge page shows the same number.
 */
export const cnyFenFor = (cents: number, rate: number): number => {
  const rateTenThousandths = Math.round(rate * 10_000)
  return Math.floor((cents * rateTenThousandths + 5_000) / 10_000)
}
