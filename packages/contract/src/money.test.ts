import { describe, expect, it } from 'vitest'
import { AdjustmentInput } from './admin/customers.ts'
import { Amount, amountToCents, centsToAmount, cnyFenFor, formatBalance } from './money.ts'
import { formatRate, formatYuan } from './wire.ts'

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

  it('takes every cent from 0.01 to 1,000.00, credit and debit, in an operator adjustment', () => {
    const refused: number[] = []
    for (let cents = 1; cents <= 100_000; cents++) {
      const amount = cents / 100
      for (const signed of [amount, -amount])
        if (!AdjustmentInput.safeParse({ amount: signed, reason: 'a goodwill credit' }).success)
          refused.push(signed)
      // The way a form reads a typed value: from its text.
      if (!Amount.safeParse(Number(amount.toFixed(2))).success) refused.push(amount)
    }
    expect(refused).toEqual([])
    for (const amount of [0.29, 0.57, 1.13, 1.15, -4.35])
      expect(AdjustmentInput.safeParse({ amount, reason: 'reported refused' }).success).toBe(true)
    for (const amount of [0, 0.001, -1.005, 100_000.01, Number.NaN])
      expect(AdjustmentInput.safeParse({ amount, reason: 'not an adjustment' }).success).toBe(false)
  })

  it('formats balances as SPEC §9 says: $ and two decimals', () => {
    expect(formatBalance(0)).toBe('$0.00')
    expect(formatBalance(12.5)).toBe('$12.50')
    expect(formatBalance(1234567.891)).toBe('$1,234,567.89')
  })

  it('converts dollars to the fen the gateway charges, half up, without float drift', () => {
    expect(cnyFenFor(1000, 7.2)).toBe(7200)
    expect(cnyFenFor(1250, 6.8321)).toBe(8540) // 85.40125
    expect(cnyFenFor(101, 6.8321)).toBe(690) // 6.900421
    expect(cnyFenFor(1, 6.5)).toBe(7) // 0.065 → half up
    expect(cnyFenFor(5_000_000, 999.9999)).toBe(4_999_999_500)
    for (let cents = 100; cents < 20_000; cents += 37)
      expect(cnyFenFor(cents, 7.2)).toBe(Math.round((cents * 72) / 10))
  })

  it('formats yuan and rates for the checkout line', () => {
    expect(formatYuan(72)).toBe('¥72.00')
    expect(formatYuan(1234.5)).toBe('¥1,234.50')
    expect(formatRate(7.2)).toBe('7.20')
    expect(formatRate(6.8321)).toBe('6.8321')
  })
})
