import { describe, expect, it } from 'vitest'
import { randomText } from './random-text.ts'

describe('randomText', () => {
  it('draws only from the alphabet, at the length asked', () => {
    expect(randomText('ab', 12)).toMatch(/^[ab]{12}$/)
    expect(randomText('xyz', 0)).toBe('')
  })

  it('draws every letter as often: no modulo bias towards the first ones', () => {
    // 34 letters: `byte % 34` gives the first 18 a share of 18·8/256 = 0.5625 instead of 18/34 = 0.529.
    const alphabet = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ'
    const drawn = randomText(alphabet, 100_000)
    const first = new Set(alphabet.slice(0, 18))
    const share = [...drawn].filter((char) => first.has(char)).length / drawn.length
    expect(share).toBeGreaterThan(18 / 34 - 0.01)
    expect(share).toBeLessThan(18 / 34 + 0.01)
  })
})
