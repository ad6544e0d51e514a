import { describe, expect, it } from 'vitest'
import { clampQuantity, trafficQuote } from './traffic-quote.ts'

const plan = { price: 30.1, sizeBytes: 10 * 1024 ** 3 }

describe('trafficQuote', () => {
  it('multiplies in cents and shows the balance after', () => {
    expect(trafficQuote(plan, 3, 100)).toEqual({
      total: 90.3,
      totalBytes: 30 * 1024 ** 3,
      balanceAfter: 9.7,
      shortfall: 0,
    })
  })

  it('gives the shortfall instead when the wallet does not cover it', () => {
    expect(trafficQuote(plan, 3, 90.29)).toMatchObject({ balanceAfter: undefined, shortfall: 0.01 })
  })

  it('lets an exact balance through with nothing left', () => {
    expect(trafficQuote({ price: 0.1, sizeBytes: 1 }, 3, 0.3)).toMatchObject({
      balanceAfter: 0,
      shortfall: 0,
    })
  })

  it('prices without a verdict while the balance is unknown', () => {
    expect(trafficQuote(plan, 1, undefined)).toMatchObject({
      total: 30.1,
      balanceAfter: undefined,
      shortfall: 0,
    })
  })
})

describe('clampQuantity', () => {
  it('keeps whole numbers within 1..20', () => {
    expect(clampQuantity(5)).toBe(5)
    expect(clampQuantity(0)).toBe(1)
    expect(clampQuantity(99)).toBe(20)
    expect(clampQuantity(2.7)).toBe(2)
    expect(clampQuantity(null)).toBe(1)
    expect(clampQuantity(undefined)).toBe(1)
    expect(clampQuantity(Number.NaN)).toBe(1)
  })
})
