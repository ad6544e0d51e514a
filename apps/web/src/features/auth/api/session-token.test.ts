import { describe, expect, it } from 'vitest'
import { ContractMismatchError } from '../../../shared/http/api-error.ts'
import { asSessionToken, isTwoFactorChallenge } from './session-token.ts'

describe('asSessionToken', () => {
  it('accepts { token, expiresAt }', () => {
    const session = { token: 't'.repeat(43), expiresAt: '2030-01-01T00:00:00.000Z' }
    expect(asSessionToken('/auth/login', session)).toEqual(session)
  })

  it.each([
    null,
    {},
    { token: '' },
    { token: 'x', expiresAt: 'soon' },
    { token: 1, expiresAt: '2030-01-01' },
  ])('rejects %j', (data) => {
    expect(() => asSessionToken('/auth/login', data)).toThrow(ContractMismatchError)
  })
})

describe('isTwoFactorChallenge', () => {
  it('recognises the challenge of an account with two-factor sign-in', () => {
    expect(
      isTwoFactorChallenge({
        twoFactorRequired: true,
        challenge: 'v1.a.b.c',
        expiresAt: '2030-01-01T00:05:00Z',
      }),
    ).toBe(true)
  })

  it.each([
    null,
    { token: 't'.repeat(43), expiresAt: '2030-01-01T00:00:00.000Z' },
    { twoFactorRequired: 'yes', challenge: 'x', expiresAt: '2030-01-01T00:05:00Z' },
    { twoFactorRequired: true, challenge: '', expiresAt: '2030-01-01T00:05:00Z' },
    { twoFactorRequired: true, challenge: 'x', expiresAt: 'soon' },
  ])('does not take %j for one', (data) => {
    expect(isTwoFactorChallenge(data)).toBe(false)
  })
})
