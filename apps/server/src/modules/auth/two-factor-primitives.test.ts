import { describe, expect, it } from 'vitest'
import {
  createSealer,
  currentTotp,
  hashRecoveryCode,
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  normalizeRecoveryCode,
  totpUri,
} from './two-factor.ts'

const sealer = createSealer('a-test-secret-of-at-least-32-characters')

describe('sealing', () => {
  it('opens what it sealed, differently each time, and only for the same purpose and key', () => {
    const first = sealer.seal('totp-secret', 'JBSWY3DPEHPK3PXP')
    const second = sealer.seal('totp-secret', 'JBSWY3DPEHPK3PXP')
    expect(first).not.toBe(second)
    expect(first).not.toContain('JBSWY3DPEHPK3PXP')
    expect(sealer.open('totp-secret', first)).toBe('JBSWY3DPEHPK3PXP')
    expect(sealer.open('sign-in-challenge', first)).toBeNull()
    expect(createSealer('another-secret-of-at-least-32-characters').open('totp-secret', first)).toBeNull()
  })

  it('refuses anything altered or malformed', () => {
    const sealed = sealer.seal('sign-in-challenge', '{"userId":"x"}')
    const [version, iv, tag, body] = sealed.split('.') as [string, string, string, string]
    const flipped = `${body.slice(0, -2)}${body.endsWith('AA') ? 'BB' : 'AA'}`
    for (const bad of [
      `${version}.${iv}.${tag}.${flipped}`,
      `v2.${iv}.${tag}.${body}`,
      'v1..',
      '',
      'nonsense',
    ])
      expect(sealer.open('sign-in-challenge', bad)).toBeNull()
  })

  it('after a rotation opens with the previous key too, seals only with the current one, and logs what neither opens', () => {
    const errors: object[] = []
    const rotated = createSealer('the-next-secret-of-at-least-32-characters', {
      previous: 'a-test-secret-of-at-least-32-characters',
      log: { error: (details) => errors.push(details) },
    })
    const old = sealer.seal('totp-secret', 'JBSWY3DPEHPK3PXP')
    expect(rotated.open('totp-secret', old)).toBe('JBSWY3DPEHPK3PXP')
    const opened = rotated.openStored('totp-secret', old, 'user:1')
    expect(opened?.plain).toBe('JBSWY3DPEHPK3PXP')
    expect(sealer.open('totp-secret', opened?.resealed ?? '')).toBeNull()
    expect(rotated.openStored('totp-secret', opened?.resealed ?? '', 'user:1')).toEqual({
      plain: 'JBSWY3DPEHPK3PXP',
      resealed: null,
    })
    expect(sealer.open('totp-secret', rotated.seal('totp-secret', 'x'))).toBeNull()
    expect(errors).toEqual([])
    const foreign = createSealer('a-third-secret-of-at-least-32-characters').seal('totp-secret', 'x')
    expect(rotated.openStored('totp-secret', foreign, 'operator:7')).toBeNull()
    expect(errors).toEqual([{ owner: 'operator:7', purpose: 'totp-secret' }])
  })
})

describe('authenticator codes', () => {
  const { secret, uri } = newTotpSecret('lin@example.com')
  const now = Date.UTC(2026, 10, 23, 12, 0, 15)
  const step = Math.floor(now / 30_000)

  it('makes a 160-bit secret and a URI apps read', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(uri).toBe(
      `otpauth://totp/CloudHub%20Proxy:lin%40example.com?issuer=CloudHub%20Proxy&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    )
    // An enrolment shown again (an invitation opened twice) gives the same URI for the same secret.
    expect(totpUri('lin@example.com', secret)).toBe(uri)
  })

  it('takes the codes of one step before and after now, as typed with a space, and names their step', () => {
    expect(matchTotp(secret, currentTotp(secret, now), now)).toBe(step)
    expect(matchTotp(secret, currentTotp(secret, now - 30_000), now)).toBe(step - 1)
    expect(matchTotp(secret, currentTotp(secret, now + 30_000), now)).toBe(step + 1)
    const code = currentTotp(secret, now)
    expect(matchTotp(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now)).toBe(step)
  })

  it('refuses codes two steps away and anything not six digits', () => {
    const far = [currentTotp(secret, now - 60_000), currentTotp(secret, now + 60_000)]
    const near = new Set([-1, 0, 1].map((offset) => currentTotp(secret, now + offset * 30_000)))
    for (const code of far.filter((candidate) => !near.has(candidate)))
      expect(matchTotp(secret, code, now)).toBeNull()
    for (const code of ['', '12345', '1234567', 'abcdef']) expect(matchTotp(secret, code, now)).toBeNull()
  })
})

describe('recovery codes', () => {
  it('makes 10 different codes that read back in any case, with or without the dash', () => {
    const codes = newRecoveryCodes()
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    const [code] = codes as [string]
    expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/)
    expect(normalizeRecoveryCode(` ${code.toUpperCase().replace('-', '')} `)).toBe(code.replace('-', ''))
    expect(normalizeRecoveryCode('123456')).toBeNull()
    expect(hashRecoveryCode(code.replace('-', ''))).toMatch(/^[0-9a-f]{64}$/)
  })
})
