import { describe, expect, it } from 'vitest'
import { addAmounts, checkTopUpAmount } from './amount-rules.ts'

describe('checkTopUpAmount', () => {
  it.each([1, 1.5, 10, 99.99, 0.1 + 0.2 + 0.7, 50_000])('accepts %s', (value) => {
    expect(checkTopUpAmount(value)).toBeNull()
  })

  it.each([
    [null, 'required'],
    [undefined, 'required'],
    [Number.NaN, 'notNumber'],
    [Number.POSITIVE_INFINITY, 'notNumber'],
    [0, 'min'],
    [0.99, 'min'],
    [-5, 'min'],
    [50_000.01, 'max'],
    [1_000_000, 'max'],
    [1.001, 'decimals'],
    [12.345, 'decimals'],
  ] as const)('refuses %s as %s', (value, problem) => {
    expect(checkTopUpAmount(value)).toBe(problem)
  })
})

describe('addAmounts', () => {
  it('adds in cents', () => {
    expect(addAmounts(100.1, 0.2)).toBe(100.3)
    expect(addAmounts(0, 50_000)).toBe(50_000)
    expect(addAmounts(12.34, 0.66)).toBe(13)
  })
})
