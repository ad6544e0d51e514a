// Client-side check of a top-up amount, mirroring the contract (TOPUP_MIN..TOPUP_MAX, at most 2 decimals).
import { Amount, amountToCents, centsToAmount } from '@proxy/contract/money'
import { TOPUP_MAX, TOPUP_MIN } from '@proxy/contract/wire'

export type AmountProblem = 'required' | 'notNumber' | 'min' | 'max' | 'decimals'

export const checkTopUpAmount = (value: number | null | undefined): AmountProblem | null => {
  if (value === null || value === undefined) return 'required'
  if (!Number.isFinite(value)) return 'notNumber'
  if (value < TOPUP_MIN) return 'min'
  if (value > TOPUP_MAX) return 'max'
  if (!Amount.safeParse(value).success) return 'decimals'
  return null
}

/** Sum of two wire amounts without float noise (100.1 + 0.2 is 100.3, not 100.30000000000001). */
export const addAmounts = (a: number, b: number): number => centsToAmount(amountToCents(a) + amountToCents(b))
