import { describe, expect, it } from 'vitest'
import { clampQuantity } from './traffic-quote.ts'

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
