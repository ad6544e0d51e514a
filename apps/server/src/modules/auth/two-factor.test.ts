import { errorCatalogue } from '@proxy/contract/errors'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { loginAttempts, recoveryCodes, signInEvents, users } from './auth.schema.ts'
import { createSealer, currentTotp } from './two-factor.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '6' })
})
afterAll(() => server.close())

type Setup = { uri: string; secret: string }
type Challenge = { twoFactorRequired: true; challenge: string; expiresAt: string }
type Session = { token: string; expiresAt: string }

const STEP_MS = 30_000
/** A right code from another time step than `now`'s, so it is not the one just spent. */
const codeAt = (secret: string, steps: number) => currentTotp(secret, Date.now() + steps * STEP_MS)

async function setUp(token: string, password: string) {
  const answer = await server.call<Setup>('POST', '/api/user/2fa/setup', { token, body: { password } })
  expect(answer.status).toBe(200)
  return answer.body.data
}

/** A customer with two-factor sign-in on: their password, secret and recovery codes. */
async function customerWithTwoFactor() {
  const customer = await server.newCustomer()
  const { secret } = await setUp(customer.token, customer.password)
  const enabled = await server.call<{ recoveryCodes: string[] }>('POST', '/api/user/2fa/enable', {
    token: customer.token,
    body: { code: currentTotp(secret) },
  })
  expect(enabled.status).toBe(200)
  return { ...customer, secret, recoveryCodes: enabled.body.data.recoveryCodes }
}

const passwordStep = (email: string, password: string) =>
  server.call<Challenge>('POST', '/api/auth/login', { body: { email, password } })

const codeStep = (challenge: string, code: string) =>
  server.call<Session>('POST', '/api/auth/login/2fa', { body: { challenge, code } })

const userRow = async (email: string) => {
  const [row] = await server.db.select().from(users).where(eq(users.email, email))
  if (!row) throw new Error('no user')
  return row
}

describe('setting up two-factor sign-in', () => {
  it('needs the password, shows the secret once, and keeps it only sealed', async () => {
    const { email, password, token } = await server.newCustomer()
    const wrong = await server.call('POST', '/api/user/2fa/setup', {
      token,
      body: { password: 'not my password' },
    })
    expect(wrong.status).toBe(422)
    expect(wrong.body.code).toBe(errorCatalogue.WRONG_PASSWORD.code)
    expect((await userRow(email)).totpSecret).toBeNull()

    const { uri, secret } = await setUp(token, password)
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(uri).toMatch(/^otpauth:\/\/totp\//)
    expect(uri).toContain(`secret=${secret}`)
    const stored = (await userRow(email)).totpSecret ?? ''
    expect(stored).not.toBe('')
    expect(stored).not.toContain(secret)
    expect(createSealer('another-secret-of-at-least-32-chars!!').open('totp-secret', stored)).toBeNull()

    // Not on until a code confirms it.
    const me = await server.call<{ twoFactor: boolean }>('GET', '/api/user/me', { token })
    expect(me.body.data.twoFactor).toBe(false)
    expect((await passwordStep(email, password)).body.data).toHaveProperty('token')
  })

  it('turns on only with a right code from the set-up secret, and answers 10 recovery codes', async () => {
    const { email, token, password } = await server.newCustomer()
    const early = await server.call('POST', '/api/user/2fa/enable', { token, body: { code: '123456' } })
    expect(early.body.code).toBe(errorCatalogue.TWO_FACTOR_NOT_SET_UP.code)
    const { secret } = await setUp(token, password)
    const wrongCode = currentTotp(secret) === '000000' ? '111111' : '000000'
    const wrong = await server.call('POST', '/api/user/2fa/enable', { token, body: { code: wrongCode } })
    expect(wrong.status).toBe(422)
    expect(wrong.body.code).toBe(errorCatalogue.TWO_FACTOR_CODE_INVALID.code)
    expect((await userRow(email)).totpEnabledAt).toBeNull()

    const enabled = await server.call<{ recoveryCodes: string[] }>('POST', '/api/user/2fa/enable', {
      token,
      body: { code: currentTotp(secret) },
    })
    expect(enabled.status).toBe(200)
    const codes = enabled.body.data.recoveryCodes
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/)
    const user = await userRow(email)
    expect(user.totpEnabledAt).not.toBeNull()
    const stored = await server.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))
    expect(stored).toHaveLength(10)
    for (const row of stored) {
      expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/)
      expect(codes.some((code) => row.codeHash.includes(code.replace('-', '')))).toBe(false)
    }
    const me = await server.call<{ twoFactor: boolean }>('GET', '/api/user/me', { token })
    expect(me.body.data.twoFactor).toBe(true)
    expect(JSON.stringify(me.body)).not.toContain(secret)

    const again = await server.call('POST', '/api/user/2fa/setup', { token, body: { password } })
    expect(again.status).toBe(409)
    expect(again.body.code).toBe(errorCatalogue.TWO_FACTOR_ALREADY_ENABLED.code)
    expect((await userRow(email)).totpSecret).toBe(user.totpSecret)
  })

  it('refuses bad input before touching anything', async () => {
    const { token } = await server.newCustomer()
    for (const body of [
      {},
      { code: 12 },
      { code: '1' },
      { code: '123456', extra: 1 },
      { code: 'x'.repeat(100) },
    ]) {
      const answer = await server.call('POST', '/api/user/2fa/enable', { token, body })
      expect(answer.status).toBe(400)
    }
    const anonymous = await server.call('POST', '/api/user/2fa/setup', { body: { password: 'whatever' } })
    expect(anonymous.status).toBe(401)
  })
})

describe('signing in with two-factor', () => {
  it('answers a challenge instead of a session, then a session for a right code', async () => {
    const { email, password, secret } = await customerWithTwoFactor()
    const first = await passwordStep(email, password)
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({ twoFactorRequired: true })
    expect(first.body.data).not.toHaveProperty('token')
    expect(new Date(first.body.data.expiresAt).getTime()).toBeLessThanOrEqual(Date.now() + 5 * 60_000 + 1000)
    expect(JSON.stringify(first.body)).not.toContain(secret)

    // The challenge is no session.
    const notASession = await server.call('GET', '/api/user/me', { token: first.body.data.challenge })
    expect(notASession.status).toBe(401)

    const done = await codeStep(first.body.data.challenge, codeAt(secret, 1))
    expect(done.status).toBe(200)
    expect(done.body.data.token).toMatch(/^st_/)
    expect((await server.call('GET', '/api/user/me', { token: done.body.data.token })).status).toBe(200)
  })

  it('takes each code once', async () => {
    const { email, password, secret } = await customerWithTwoFactor()
    const code = codeAt(secret, -1)
    const { challenge } = (await passwordStep(email, password)).body.data
    expect((await codeStep(challenge, code)).status).toBe(200)
    const replay = await codeStep((await passwordStep(email, password)).body.data.challenge, code)
    expect(replay.status).toBe(422)
    expect(replay.body.code).toBe(errorCatalogue.TWO_FACTOR_CODE_INVALID.code)
  })

  it('refuses codes too far from now and forged or foreign challenges', async () => {
    const { email, password, secret } = await customerWithTwoFactor()
    const { challenge } = (await passwordStep(email, password)).body.data
    expect((await codeStep(challenge, codeAt(secret, 3))).body.code).toBe(
      errorCatalogue.TWO_FACTOR_CODE_INVALID.code,
    )
    const forged = await codeStep(`${challenge.slice(0, -4)}AAAA`, codeAt(secret, 1))
    expect(forged.status).toBe(401)
    expect(forged.body.code).toBe(errorCatalogue.TWO_FACTOR_CHALLENGE_EXPIRED.code)
    const sealedElsewhere = createSealer('another-secret-of-at-least-32-chars!!').seal(
      'sign-in-challenge',
      JSON.stringify({ userId: (await userRow(email)).id, expiresAt: Date.now() + 60_000 }),
    )
    expect((await codeStep(sealedElsewhere, codeAt(secret, 1))).status).toBe(401)
    for (const body of [
      { challenge },
      { code: '123456' },
      { challenge, code: 123456 },
      { challenge: '', code: '123456' },
    ]) {
      expect((await server.call('POST', '/api/auth/login/2fa', { body })).status).toBe(400)
    }
  })

  it('takes a recovery code once, in any case and with or without its dash', async () => {
    const { email, password, recoveryCodes: codes } = await customerWithTwoFactor()
    const [code] = codes as [string]
    const typed = ` ${code.replace('-', '').toUpperCase()} `
    const first = await codeStep((await passwordStep(email, password)).body.data.challenge, typed)
    expect(first.status).toBe(200)
    const second = await codeStep((await passwordStep(email, password)).body.data.challenge, code)
    expect(second.body.code).toBe(errorCatalogue.TWO_FACTOR_CODE_INVALID.code)
    const user = await userRow(email)
    const used = await server.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))
    expect(used.filter((row) => row.usedAt !== null)).toHaveLength(1)
  })

  it('counts wrong codes against the sign-in limit and records them', async () => {
    const { email, password, secret } = await customerWithTwoFactor()
    const user = await userRow(email)
    const { challenge } = (await passwordStep(email, password)).body.data
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) statuses.push((await codeStep(challenge, i % 2 ? '000000' : '999999')).status)
    // The password step counted one attempt; five wrong codes reach the limit of 6, the sixth is refused.
    expect(statuses.slice(0, 5).every((status) => status === 422)).toBe(true)
    expect(statuses[5]).toBe(429)
    // Even the right code (or password) is refused now.
    expect((await codeStep(challenge, codeAt(secret, 1))).status).toBe(429)
    expect((await passwordStep(email, password)).status).toBe(429)
    const [counter] = await server.db
      .select()
      .from(loginAttempts)
      .where(eq(loginAttempts.key, `account:${email}`))
    expect(counter?.attempts).toBeGreaterThanOrEqual(8)
    const events = await server.db.select().from(signInEvents).where(eq(signInEvents.userId, user.id))
    const outcomes = events.map((event) => event.outcome)
    expect(outcomes.filter((outcome) => outcome === 'bad-code')).toHaveLength(5)
    expect(outcomes.filter((outcome) => outcome === 'locked')).toHaveLength(3)
  })

  it('never writes the secret, a code or a challenge to the log', async () => {
    const { email, password, secret, recoveryCodes: codes } = await customerWithTwoFactor()
    const { challenge } = (await passwordStep(email, password)).body.data
    await codeStep(challenge, '000000')
    await codeStep(challenge, codes[1] ?? '')
    const log = server.logs.join('\n')
    for (const value of [secret, challenge, ...codes]) expect(log).not.toContain(value)
  })
})

describe('turning two-factor sign-in off', () => {
  it('needs the password and a right code, then signs in with the password alone', async () => {
    const { email, password, secret, token } = await customerWithTwoFactor()
    const wrongPassword = await server.call('POST', '/api/user/2fa/disable', {
      token,
      body: { password: 'not my password', code: codeAt(secret, 1) },
    })
    expect(wrongPassword.body.code).toBe(errorCatalogue.WRONG_PASSWORD.code)
    const wrongCode = await server.call('POST', '/api/user/2fa/disable', {
      token,
      body: { password, code: '000000' === codeAt(secret, 0) ? '111111' : '000000' },
    })
    expect(wrongCode.body.code).toBe(errorCatalogue.TWO_FACTOR_CODE_INVALID.code)
    expect((await userRow(email)).totpEnabledAt).not.toBeNull()

    const off = await server.call('POST', '/api/user/2fa/disable', {
      token,
      body: { password, code: codeAt(secret, 1) },
    })
    expect(off.status).toBe(200)
    const user = await userRow(email)
    expect(user.totpSecret).toBeNull()
    expect(user.totpEnabledAt).toBeNull()
    expect(await server.db.$count(recoveryCodes, eq(recoveryCodes.userId, user.id))).toBe(0)
    const login = await passwordStep(email, password)
    expect(login.body.data).toHaveProperty('token')
    const again = await server.call('POST', '/api/user/2fa/disable', {
      token,
      body: { password, code: '123456' },
    })
    expect(again.body.code).toBe(errorCatalogue.TWO_FACTOR_NOT_SET_UP.code)
  })

  it('takes a recovery code instead of an authenticator code', async () => {
    const { email, password, token, recoveryCodes: codes } = await customerWithTwoFactor()
    const off = await server.call('POST', '/api/user/2fa/disable', {
      token,
      body: { password, code: codes[9] },
    })
    expect(off.status).toBe(200)
    expect((await userRow(email)).totpEnabledAt).toBeNull()
  })
})
