import { describe, expect, it } from 'vitest'
import { randomId } from './random-id.ts'

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('randomId', () => {
  it('uses crypto.randomUUID when there is one', () => {
    expect(randomId({ randomUUID: () => 'from-crypto', getRandomValues: (array) => array })).toBe(
      'from-crypto',
    )
  })

  it('builds a v4 UUID from random bytes without randomUUID (plain http)', () => {
    const getRandomValues = <T extends ArrayBufferView | null>(array: T): T => {
      if (array instanceof Uint8Array) array.fill(0xff)
      return array
    }
    const id = randomId({ getRandomValues })
    expect(id).toMatch(UUID_V4)
    expect(id).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff')
  })

  it('differs between calls', () => {
    const { randomUUID: _, ...withoutUuid } = {
      randomUUID: undefined,
      getRandomValues: crypto.getRandomValues.bind(crypto),
    }
    expect(randomId(withoutUuid)).not.toBe(randomId(withoutUuid))
    expect(randomId()).toMatch(UUID_V4)
  })
})
