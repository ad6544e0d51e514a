import { describe, expect, it } from 'vitest'
import { ContractMismatchError } from '../../../shared/http/api-error.ts'
import { asSessionToken } from './session-token.ts'

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
