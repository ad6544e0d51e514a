import { randomUUID } from 'node:crypto'
import { errorCatalogue } from '@proxy/contract/errors'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { loginAttempts } from './auth.schema.ts'
import { clearLoginLimits, LOGIN_WINDOW_MS, purgeLoginAttempts } from './login-limits.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const password = 'correct horse battery'

describe('register', () => {
  it('trims and lower-cases the email and answers a working token', async () => {
    const answer = await server.call<{ token: string; expiresAt: string }>('POST', '/api/auth/register', {
      body: { email: '  Alice@Example.COM ', password },
    })
    expect(answer.status).toBe(200)
    expect(answer.body.code).toBe(0)
    expect(answer.body.data.token).toMatch(/^st_[A-Za-z0-9_-]{43}$/)
    expect(new Date(answer.body.data.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600e3)
    const me = await server.call<{ email: string }>('GET', '/api/user/me', { token: answer.body.data.token })
    expect(me.body.data.email).toBe('alice@example.com')
  })

  it('refuses a second account for the same email, whatever its case', async () => {
    await server.newCustomer('bob@example.com')
    const answer = await server.call('POST', '/api/auth/register', {
      body: { email: 'BOB@example.com', password },
    })
    expect(answer.status).toBe(409)
    expect(answer.body.code).toBe(errorCatalogue.EMAIL_TAKEN.code)
  })

  it('refuses short and common passwords', async () => {
    const short = await server.call('POST', '/api/auth/register', {
      body: { email: 'c@example.com', password: 'abc' },
    })
    expect(short.status).toBe(400)
    expect(short.body.message).toContain('body.password')
    const common = await server.call('POST', '/api/auth/register', {
      body: { email: 'c@example.com', password: 'Password123' },
    })
    expect(common.status).toBe(400)
    expect(common.body.code).toBe(errorCatalogue.WEAK_PASSWORD.code)
    const login = await server.call('POST', '/api/auth/login', {
      body: { email: 'c@example.com', password: 'Password123' },
    })
    expect(login.status).toBe(401)
  })
})

describe('login', () => {
  it('signs in with the right password', async () => {
    const { email } = await server.newCustomer()
    const answer = await server.call<{ token: string }>('POST', '/api/auth/login', {
      body: { email, password },
    })
    expect(answer.status).toBe(200)
    const me = await server.call('GET', '/api/user/me', { token: answer.body.data.token })
    expect(me.status).toBe(200)
  })

  it('answers the same for an unknown email and a wrong password', async () => {
    const { email } = await server.newCustomer()
    const wrong = await server.call('POST', '/api/auth/login', {
      body: { email, password: 'wrong password!' },
    })
    const unknown = await server.call('POST', '/api/auth/login', {
      body: { email: 'nobody@example.com', password: 'wrong password!' },
    })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(wrong.body).toEqual(unknown.body)
    expect(wrong.body.code).toBe(errorCatalogue.INVALID_CREDENTIALS.code)
  })
})

describe('tokens', () => {
  it('reads credentials only from the Authorization header', async () => {
    const { token } = await server.newCustomer()
    const cookieOnly = await server.call('GET', '/api/user/me', { headers: { cookie: `token=${token}` } })
    expect(cookieOnly.status).toBe(401)
    expect(cookieOnly.body.code).toBe(errorCatalogue.UNAUTHORIZED.code)
    for (const authorization of [
      '',
      'Bearer ',
      `bearer ${token}`,
      `Basic ${token}`,
      `Bearer ${token}x`,
      'Bearer st_',
    ])
      expect((await server.call('GET', '/api/user/me', { headers: { authorization } })).status).toBe(401)
  })

  it('logout revokes the presented token on the very next request, and only it', async () => {
    const { email, token } = await server.newCustomer()
    const other = await server.call<{ token: string }>('POST', '/api/auth/login', {
      body: { email, password },
    })
    expect((await server.call('POST', '/api/auth/logout', { token })).status).toBe(200)
    expect((await server.call('GET', '/api/user/me', { token })).status).toBe(401)
    expect((await server.call('POST', '/api/auth/logout', { token })).status).toBe(401)
    expect((await server.call('GET', '/api/user/me', { token: other.body.data.token })).status).toBe(200)
  })

  it('a password change revokes every other session and keeps this one', async () => {
    const { email, token } = await server.newCustomer()
    const other = await server.call<{ token: string }>('POST', '/api/auth/login', {
      body: { email, password },
    })
    const newPassword = 'a much better passphrase'
    const wrong = await server.call('POST', '/api/auth/password', {
      token,
      body: { oldPassword: 'not my password', newPassword },
    })
    expect(wrong.status).toBe(422)
    expect(wrong.body.code).toBe(errorCatalogue.WRONG_PASSWORD.code)
    expect((await server.call('GET', '/api/user/me', { token: other.body.data.token })).status).toBe(200)

    const changed = await server.call('POST', '/api/auth/password', {
      token,
      body: { oldPassword: password, newPassword },
    })
    expect(changed.status).toBe(200)
    expect((await server.call('GET', '/api/user/me', { token: other.body.data.token })).status).toBe(401)
    expect((await server.call('GET', '/api/user/me', { token })).status).toBe(200)
    expect((await server.call('POST', '/api/auth/login', { body: { email, password } })).status).toBe(401)
    expect(
      (await server.call('POST', '/api/auth/login', { body: { email, password: newPassword } })).status,
    ).toBe(200)
  })
})

describe('rate limits', () => {
  it('judges at most the limit of concurrent guesses, and locks only the guessing address', async () => {
    const limited = await startTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '10' })
    try {
      const { email, password: right } = await limited.newCustomer()
      const guesser = '127.0.0.2'
      const guesses = await Promise.all(
        Array.from({ length: 60 }, () =>
          limited.call('POST', '/api/auth/login', {
            body: { email, password: 'wrong password!' },
            from: guesser,
          }),
        ),
      )
      const statuses = guesses.map((answer) => answer.status)
      // Each attempt is counted before it is judged: exactly the limit got a verdict.
      expect(statuses.filter((status) => status === 401)).toHaveLength(10)
      expect(statuses.filter((status) => status === 429)).toHaveLength(50)
      const blocked = guesses.find((answer) => answer.status === 429)
      expect(blocked?.body.code).toBe(errorCatalogue.LOGIN_RATE_LIMITED.code)
      expect(blocked?.body.message).toMatch(/wait/)
      // The right password sent last from the guessing address is not judged either...
      const fromGuesser = await limited.call('POST', '/api/auth/login', {
        body: { email, password: right },
        from: guesser,
      })
      expect(fromGuesser.status).toBe(429)
      // ...but the customer signs in from their own address: nobody can lock anyone out.
      const fromOwner = await limited.call('POST', '/api/auth/login', {
        body: { email, password: right },
        from: '127.0.0.3',
      })
      expect(fromOwner.status).toBe(200)
    } finally {
      await limited.close()
    }
  })

  it('has a higher ceiling per account across addresses, and clearing the limits lifts it', async () => {
    const limited = await startTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '2', LOGIN_LIMIT_PER_ACCOUNT_ALL: '5' })
    try {
      const { email, password: right } = await limited.newCustomer()
      const attempt = (from: string, password = 'wrong password!') =>
        limited.call('POST', '/api/auth/login', { body: { email, password }, from })
      for (const from of ['127.0.0.11', '127.0.0.12', '127.0.0.13', '127.0.0.14', '127.0.0.15'])
        expect((await attempt(from)).status).toBe(401)
      // Five failures from five addresses: the account-wide ceiling holds even a new address.
      expect((await attempt('127.0.0.16', right)).status).toBe(429)
      // A correct sign-in is no failure: it gives its attempt back on the account-wide count.
      const other = await limited.newCustomer()
      for (let i = 0; i < 8; i++)
        expect(
          (
            await limited.call('POST', '/api/auth/login', {
              body: { email: other.email, password: other.password },
              from: `127.0.0.${20 + i}`,
            })
          ).status,
        ).toBe(200)
      expect(await clearLoginLimits(limited.db, email)).toBeGreaterThan(0)
      expect((await attempt('127.0.0.16', right)).status).toBe(200)
    } finally {
      await limited.close()
    }
  })

  it('forgets counters once their window has passed', async () => {
    const { email } = await server.newCustomer()
    await server.call('POST', '/api/auth/login', { body: { email, password: 'wrong password!' } })
    // The sign-in's own counters (the sign-up counted the address under its hourly key, purged later).
    const count = async () =>
      (await server.db.select().from(loginAttempts)).filter(
        (row) => row.key.includes(email) && /^account(-address)?:/.test(row.key),
      ).length
    expect(await count()).toBe(2)
    await server.db
      .update(loginAttempts)
      .set({ windowStartedAt: new Date(Date.now() - LOGIN_WINDOW_MS - 1000) })
      .where(sql`${loginAttempts.key} like ${`%${email}%`}`)
    await purgeLoginAttempts(server.db)
    expect(await count()).toBe(0)
  })

  it('limits sign-in attempts per client address across accounts', async () => {
    const limited = await startTestServer({ LOGIN_LIMIT_PER_IP: '4' })
    try {
      for (let i = 0; i < 4; i++) {
        const answer = await limited.call('POST', '/api/auth/login', {
          body: { email: `guess${i}@example.com`, password: 'wrong password!' },
        })
        expect(answer.status).toBe(401)
      }
      const blocked = await limited.call('POST', '/api/auth/login', {
        body: { email: 'guess9@example.com', password: 'wrong password!' },
      })
      expect(blocked.status).toBe(429)
    } finally {
      await limited.close()
    }
  })

  it('limits registrations per client address', async () => {
    const limited = await startTestServer({ REGISTER_LIMIT_PER_IP: '2' })
    try {
      await limited.newCustomer()
      await limited.newCustomer()
      const blocked = await limited.call('POST', '/api/auth/register', {
        body: { email: 'third@example.com', password },
      })
      expect(blocked.status).toBe(429)
      expect(blocked.body.code).toBe(errorCatalogue.RATE_LIMITED.code)
    } finally {
      await limited.close()
    }
  })

  it('limits sign-ups tried per email address, from any address: asking whether one address is taken stays slow', async () => {
    const limited = await startTestServer({ REGISTER_LIMIT_PER_EMAIL: '2' })
    try {
      const register = (email: string, from: string) =>
        limited.call('POST', '/api/auth/register', { body: { email, password }, from })
      await limited.newCustomer('taken@example.com')
      expect((await register('taken@example.com', '127.0.0.21')).status).toBe(409)
      const third = await register('Taken@Example.com', '127.0.0.22')
      expect(third.status).toBe(429)
      expect(third.body.code).toBe(errorCatalogue.RATE_LIMITED.code)
      // Other addresses are another matter.
      expect((await register('free@example.com', '127.0.0.22')).status).toBe(200)
    } finally {
      await limited.close()
    }
  })

  it('shares the per-address limit between replicas through Redis', async () => {
    const env = {
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `test-${randomUUID()}:`,
      LOGIN_LIMIT_PER_IP: '4',
    }
    const [first, second] = await Promise.all([startTestServer(env), startTestServer(env)])
    try {
      const attempt = (replica: TestServer) =>
        replica.call('POST', '/api/auth/login', {
          body: { email: 'nobody@example.com', password: 'wrong password!' },
        })
      for (const replica of [first, second, first, second]) expect((await attempt(replica)).status).toBe(401)
      expect((await attempt(first)).status).toBe(429)
      expect((await attempt(second)).status).toBe(429)
    } finally {
      await Promise.all([first.close(), second.close()])
    }
  })
})

describe('authentication before validation', () => {
  it('answers 401 to a stranger before looking at the body or the parameters', async () => {
    const cases: [string, string, unknown][] = [
      ['POST', '/api/auth/password', { oldPassword: 1 }],
      ['PATCH', '/api/user/me', { name: '', extra: true }],
      ['POST', '/api/user/api-tokens', 'not json'],
      ['DELETE', '/api/user/api-tokens/not-a-uuid', undefined],
      ['POST', '/api/orders/static-ip', { quantity: -1 }],
      ['POST', '/api/node/v1/traffic', { reportId: '', records: 'x' }],
    ]
    for (const [method, path, body] of cases)
      for (const token of [undefined, 'garbage']) {
        const answer = await server.call(method, path, { body, token })
        expect(answer.status, `${method} ${path}`).toBe(401)
        expect(answer.body.code).toBe(errorCatalogue.UNAUTHORIZED.code)
      }
  })

  it("does not read a stranger's large body", async () => {
    // 5 MB is over every body limit: a 413 would mean the body was read before the token was checked.
    const large = JSON.stringify({ reportId: 'r', records: [], pad: 'x'.repeat(5 * 1024 * 1024) })
    for (const path of ['/api/node/v1/traffic', '/api/user/api-tokens']) {
      const answer = await server.call('POST', path, { body: large })
      expect(answer.status, path).toBe(401)
    }
  })
})
