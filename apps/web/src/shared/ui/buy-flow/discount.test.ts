import { describe, expect, it } from 'vitest'
import { formatDiscount, savingFromTotal } from './discount.ts'

describe('formatDiscount', () => {
  it('shows the percentage and the money saved', () => {
    expect(formatDiscount(5, 3.75)).toBe('\u22125% · \u2212$3.75')
  })

  it('shows nothing when there is no discount', () => {
    expect(formatDiscount(0, 0)).toBeNull()
    expect(formatDiscount(0, 1)).toBeNull()
  })

  it('shows only the percentage when the saving rounds to nothing', () => {
    expect(formatDiscount(5, 0)).toBe('\u22125%')
  })
})

describe('savingFromTotal', () => {
  it('is the list price less the total, to the cent', () => {
    // $75.00 list at 5% off is $71.25; the saving is $3.75.
    expect(savingFromTotal(71.25, 5)).toBe(3.75)
    // $10.00 at 15% off is $8.50.
    expect(savingFromTotal(8.5, 15)).toBe(1.5)
  })

  it('is zero without a discount', () => {
    expect(savingFromTotal(71.25, 0)).toBe(0)
  })
})
