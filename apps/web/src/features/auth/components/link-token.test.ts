import { describe, expect, it } from 'vitest'
import { tokenFromHash } from './link-token.ts'

const token = 'Abc_-0123456789abcdefghijklmnopqrstuvwxyzAB'

describe('tokenFromHash', () => {
  it('reads the token of a #token= fragment', () => {
    expect(token).toHaveLength(43)
    expect(tokenFromHash(`#token=${token}`)).toBe(token)
    expect(tokenFromHash(`#other=1&token=${token}`)).toBe(token)
  })

  it.each([
    '',
    '#',
    '#token=',
    '#token=short',
    `#token=${token}x`,
    `#token=${token.slice(0, 42)}!`,
    `#t=${token}`,
  ])('finds none in %j', (hash) => {
    expect(tokenFromHash(hash)).toBeNull()
  })
})
