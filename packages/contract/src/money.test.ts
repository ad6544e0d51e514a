import { describe, expect, it } from 'vitest'
import { Amount, amountToCents, centsToAmount, formatBalance } from './money.ts'

describe('money', () => {
  it('converts between cents and wire amounts without float drift', () => {
    expect(amountToCents(0.1 + 0.2)).toBe(30)
    expect(amountToCents(19.99)).toBe(1999)
    expect(centsToAmount(1250)).toBe(12.5)
    for (let cents = 0; cents < 10_000; cents += 7) expect(amountToCents(centsToAmount(cents))).toBe(cents)
  })

  it('accepts at most two decimals', () => {
    expect(Amount.safeParse(12.5).success).toBe(true)
    expect(Amount.safeParse(0.07).success).toBe(true)
    expect(Amount.safeParse(1.005).success).toBe(false)
    expect(Amount.safeParse(Number.NaN).success).toBe(false)
    expect(Amount.safeParse(Number.POSITIVE_INFINITY).success).toBe(false)
  })

  it('formats balances as SPEC §9 says: $ and two decimals', () => {
    expect(formatBalance(0)).toBe('$0.00')
    expect(formatBalance(12.5)).toBe('$12.50')
    expect(formatBalance(1234567.891)).toBe('$1,234,567.89')
  })
})
