// A forgotten password, end to end through the dev outbox: the request answers the same for every
// address, the mailed link works once within 30 minutes, and using it ends every session.
import { errorCatalogue } from '@proxy/contract/errors'
import { ACCOUNT_PAGES } from '@proxy/contract/wire'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailedToken, mailsTo } from '../../../test/account-mail.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { accountTokens, users } from './auth.schema.ts'
import { hashToken } from './tokens.ts'

const PUBLIC_URL = 'https://console.example.com'
let server: TestServer
beforeAll(async () => {
  // Debug logging, so that the check for secrets in the log sees every line the server writes.
  server = await startTestServer({ PUBLIC_URL: `${PUBLIC_URL}/`, LOG_LEVEL: 'debug' })
})
afterAll(() => server.close())

const NEW_PASSWORD = 'a brand new passphrase'

const askReset = (email: string, from?: string) =>
  server.call('POST', '/api/auth/password-reset', { body: { email }, from })
const confirm = (token: string | undefined, password = NEW_PASSWORD) =>
  server.call('POST', '/api/auth/password-reset/confirm', { body: { token, password } })
const signIn = (email: string, password: string) =>
  server.call<{ token: string }>('POST', '/api/auth/login', { body: { email, password } })
const resetToken = (email: string) => mailedToken(server, email, ACCOUNT_PAGES.resetPassword)
const isSignedIn = async (token: string) =>
  (await server.call('GET', '/api/user/me', { token })).status === 200

describe('forgotten password', () => {
  it('answers the same for a known and an unknown address, and mails only the customer', async () => {
    const customer = await server.newCustomer()
    const known = await askReset(customer.email)
    const unknown = await askReset('nobody-here@example.com')
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(200)
    expect(known.body).toEqual(unknown.body)
    expect(known.body).toEqual({ code: 0, message: 'ok', data: null })

    expect(await mailsTo(server, 'nobody-here@example.com')).toEqual([])
    const resets = (await mailsTo(server, customer.email)).filter((mail) => mail.subject.includes('Reset'))
    expect(resets).toHaveLength(1)
    const [mail] = resets
    // The site's public origin, the token in the fragment, and a 30-minute single-use link.
    expect(mail?.text).toMatch(
      new RegExp(`${PUBLIC_URL}${ACCOUNT_PAGES.resetPassword}#token=[A-Za-z0-9_-]{43}(\\s|$)`),
    )
    expect(mail?.text).toContain('30')
    expect(mail?.status).toBe('logged')
    const token = (await resetToken(customer.email)) as string
    const [row] = await server.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.tokenHash, hashToken(token)))
    expect(row).toMatchObject({ purpose: 'reset-password', email: customer.email, usedAt: null })
    const validFor = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)
    expect(validFor).toBeGreaterThan(29 * 60_000)
    expect(validFor).toBeLessThanOrEqual(30 * 60_000 + 1000)
    // Only the hash is stored.
    expect(JSON.stringify(await server.db.select().from(accountTokens))).not.toContain(token)
  })

  it('sets the new password once, ends every session, and the old password stops working', async () => {
    const customer = await server.newCustomer()
    const second = await signIn(customer.email, customer.password)
    expect(await askReset(customer.email)).toMatchObject({ status: 200 })
    const token = await resetToken(customer.email)

    // A weak password is refused before the link is used: the customer tries another.
    const weak = await confirm(token, 'password123')
    expect(weak.status).toBe(400)
    expect(weak.body.code).toBe(errorCatalogue.WEAK_PASSWORD.code)
    const short = await confirm(token, 'short')
    expect(short.status).toBe(400)
    expect(await isSignedIn(customer.token)).toBe(true)

    const done = await confirm(token)
    expect(done.status).toBe(200)
    expect(done.body.data).toBeNull()
    expect(await isSignedIn(customer.token)).toBe(false)
    expect(await isSignedIn(second.body.data.token)).toBe(false)
    expect((await signIn(customer.email, customer.password)).status).toBe(401)
    const fresh = await signIn(customer.email, NEW_PASSWORD)
    expect(fresh.status).toBe(200)

    const again = await confirm(token, 'yet another passphrase')
    expect(again.status).toBe(422)
    expect(again.body.code).toBe(errorCatalogue.ACCOUNT_LINK_INVALID.code)
    expect((await signIn(customer.email, NEW_PASSWORD)).status).toBe(200)
    // Opening the mailed link proved the address.
    const me = await server.call<{ emailVerified: boolean }>('GET', '/api/user/me', {
      token: fresh.body.data.token,
    })
    expect(me.body.data.emailVerified).toBe(true)
  })

  it('refuses an expired link and changes nothing', async () => {
    const customer = await server.newCustomer()
    await askReset(customer.email)
    const token = (await resetToken(customer.email)) as string
    await server.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.tokenHash, hashToken(token)))
    const answer = await confirm(token)
    expect(answer.status).toBe(422)
    expect(answer.body.code).toBe(errorCatalogue.ACCOUNT_LINK_INVALID.code)
    expect(await isSignedIn(customer.token)).toBe(true)
    expect((await signIn(customer.email, customer.password)).status).toBe(200)
  })

  it("spends the customer's other reset links, and never another purpose's", async () => {
    const customer = await server.newCustomer()
    await askReset(customer.email)
    const first = (await resetToken(customer.email)) as string
    await askReset(customer.email)
    const second = (await resetToken(customer.email)) as string
    expect(second).not.toBe(first)
    const verify = await mailedToken(server, customer.email, ACCOUNT_PAGES.verifyEmail)
    // A verification link is no reset link.
    expect((await confirm(verify)).status).toBe(422)
    expect((await confirm(second)).status).toBe(200)
    expect((await confirm(first, 'a third passphrase')).status).toBe(422)
    expect((await signIn(customer.email, NEW_PASSWORD)).status).toBe(200)
  })

  it('refuses a link for an address that is no longer the account’s', async () => {
    const customer = await server.newCustomer()
    await askReset(customer.email)
    const token = await resetToken(customer.email)
    const moved = `moved-${customer.email}`
    await server.db.update(users).set({ email: moved }).where(eq(users.email, customer.email))
    expect((await confirm(token)).status).toBe(422)
    expect((await signIn(moved, customer.password)).status).toBe(200)
  })

  it('lets exactly one of two confirmations with the same link through', async () => {
    for (let round = 0; round < 3; round++) {
      const customer = await server.newCustomer()
      await askReset(customer.email)
      const token = await resetToken(customer.email)
      const answers = await Promise.all([
        confirm(token, `first passphrase ${round}`),
        confirm(token, `second passphrase ${round}`),
      ])
      const statuses = answers.map((answer) => answer.status).sort()
      expect(statuses).toEqual([200, 422])
      const winner = answers[0]?.status === 200 ? `first passphrase ${round}` : `second passphrase ${round}`
      const loser = winner.startsWith('first') ? `second passphrase ${round}` : `first passphrase ${round}`
      expect((await signIn(customer.email, winner)).status).toBe(200)
      expect((await signIn(customer.email, loser)).status).toBe(401)
    }
  })

  it('lifts a sign-in lock on the account', async () => {
    const locked = await startTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '2' })
    try {
      const customer = await locked.newCustomer()
      const login = (password: string) =>
        locked.call('POST', '/api/auth/login', { body: { email: customer.email, password } })
      await login('wrong password one')
      await login('wrong password two')
      expect((await login(customer.password)).status).toBe(429)
      await locked.call('POST', '/api/auth/password-reset', { body: { email: customer.email } })
      const token = await mailedToken(locked, customer.email, ACCOUNT_PAGES.resetPassword)
      const done = await locked.call('POST', '/api/auth/password-reset/confirm', {
        body: { token, password: NEW_PASSWORD },
      })
      expect(done.status).toBe(200)
      expect((await login(NEW_PASSWORD)).status).toBe(200)
    } finally {
      await locked.close()
    }
  })

  it('validates both calls and answers 400 without changing anything', async () => {
    const customer = await server.newCustomer()
    for (const body of [{}, { email: 'not an email' }, { email: customer.email, extra: 1 }, { email: 42 }]) {
      const answer = await server.call('POST', '/api/auth/password-reset', { body })
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.code).toBe(errorCatalogue.VALIDATION_FAILED.code)
    }
    const good = 'A'.repeat(43)
    for (const body of [
      {},
      { token: good },
      { password: NEW_PASSWORD },
      { token: 'short', password: NEW_PASSWORD },
      { token: `${good}=`, password: NEW_PASSWORD },
      { token: 'A'.repeat(42).concat('!'), password: NEW_PASSWORD },
      { token: good, password: NEW_PASSWORD, email: customer.email },
    ]) {
      const answer = await server.call('POST', '/api/auth/password-reset/confirm', { body })
      expect(answer.status, JSON.stringify(body)).toBe(400)
    }
    // A well-formed token nobody was sent.
    expect((await confirm(good)).status).toBe(422)
    expect(await mailsTo(server, customer.email)).toHaveLength(1) // the verification mail only
    expect((await signIn(customer.email, customer.password)).status).toBe(200)
  })

  it('writes no link token into any answer or log line', async () => {
    const customer = await server.newCustomer()
    const answers = [await askReset(customer.email)]
    const token = (await resetToken(customer.email)) as string
    const verify = (await mailedToken(server, customer.email, ACCOUNT_PAGES.verifyEmail)) as string
    answers.push(await confirm(token, 'x'), await confirm(token), await confirm(token))
    answers.push(await server.call('POST', '/api/auth/verify-email', { body: { token: verify } }))
    answers.push(await server.call('POST', '/api/auth/verify-email', { body: { token: verify } }))
    for (const answer of answers) {
      const text = JSON.stringify(answer)
      expect(text).not.toContain(token)
      expect(text).not.toContain(verify)
    }
    await server.app.mailQueue.settled()
    const log = server.logs.join('\n')
    expect(log.length).toBeGreaterThan(0)
    expect(log).not.toContain(token)
    expect(log).not.toContain(verify)
  })
})

describe('password-reset limits', () => {
  it('mails an address a few times per window, counting unknown addresses alike', async () => {
    const limited = await startTestServer({ PASSWORD_RESET_LIMIT_PER_EMAIL: '2' })
    try {
      const customer = await limited.newCustomer()
      const ask = (email: string) => limited.call('POST', '/api/auth/password-reset', { body: { email } })
      for (const email of [customer.email, 'ghost@example.com']) {
        expect((await ask(email)).status).toBe(200)
        expect((await ask(email)).status).toBe(200)
        const third = await ask(email)
        expect(third.status).toBe(429)
        expect(third.body.code).toBe(errorCatalogue.RATE_LIMITED.code)
      }
      const resets = (await mailsTo(limited, customer.email)).filter((mail) => mail.subject.includes('Reset'))
      expect(resets).toHaveLength(2)
      // Another address is not held up by the one over its limit.
      const other = await limited.newCustomer()
      expect((await ask(other.email)).status).toBe(200)
    } finally {
      await limited.close()
    }
  })

  it('limits requests per client address across addresses', async () => {
    const limited = await startTestServer({ PASSWORD_RESET_LIMIT_PER_IP: '3' })
    try {
      const ask = (index: number, from: string) =>
        limited.call('POST', '/api/auth/password-reset', {
          body: { email: `someone${index}@example.com` },
          from,
        })
      for (let i = 0; i < 3; i++) expect((await ask(i, '127.0.0.5')).status).toBe(200)
      const blocked = await ask(9, '127.0.0.5')
      expect(blocked.status).toBe(429)
      expect(blocked.body.code).toBe(errorCatalogue.RATE_LIMITED.code)
      expect((await ask(10, '127.0.0.6')).status).toBe(200)
    } finally {
      await limited.close()
    }
  })
})
