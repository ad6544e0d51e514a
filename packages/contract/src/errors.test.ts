import { describe, expect, it } from 'vitest'
import { Credentials } from './auth/endpoints.ts'
import { errorCatalogue, errorNameByCode } from './errors.ts'

describe('error catalogue', () => {
  it('gives every error a distinct code and an HTTP error status', () => {
    const entries = Object.values(errorCatalogue)
    expect(new Set(entries.map((entry) => entry.code)).size).toBe(entries.length)
    for (const entry of entries) {
      expect(entry.code).not.toBe(0)
      expect(entry.status).toBeGreaterThanOrEqual(400)
      expect(entry.status).toBeLessThan(600)
    }
    expect(errorNameByCode.get(errorCatalogue.EMAIL_TAKEN.code)).toBe('EMAIL_TAKEN')
  })
})

describe('credentials', () => {
  it('normalises the email and refuses unknown fields', () => {
    expect(Credentials.parse({ email: '  A@Example.COM ', password: '12345678x' }).email).toBe(
      'a@example.com',
    )
    expect(
      Credentials.safeParse({ email: 'a@example.com', password: '12345678x', admin: true }).success,
    ).toBe(false)
    expect(Credentials.safeParse({ email: 'a@example.com', password: 'short' }).success).toBe(false)
  })
})
