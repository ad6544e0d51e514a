import { randomUUID } from 'node:crypto'
import { errorCatalogue } from '@proxy/contract/errors'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'

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
  it('limits sign-in attempts per account, whichever address they come from', async () => {
    const limited = await startTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '3' })
    try {
      const { email } = await limited.newCustomer()
      const attempt = () =>
        limited.call('POST', '/api/auth/login', { body: { email, password: 'wrong password!' } })
      for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401)
      const blocked = await attempt()
      expect(blocked.status).toBe(429)
      expect(blocked.body.code).toBe(errorCatalogue.LOGIN_RATE_LIMITED.code)
      expect(blocked.body.message).toMatch(/wait/)
      // Even the right password waits: the limit protects the account, not the guess.
      expect((await limited.call('POST', '/api/auth/login', { body: { email, password } })).status).toBe(429)
      const { email: otherEmail } = await limited.newCustomer()
      expect(
        (await limited.call('POST', '/api/auth/login', { body: { email: otherEmail, password } })).status,
      ).toBe(200)
    } finally {
      await limited.close()
    }
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
