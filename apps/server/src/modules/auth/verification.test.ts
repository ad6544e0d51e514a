// E-mail verification: a link mailed at sign-up (the customer is signed in at once), another on
// request, each good once for 24 hours and only for the address it was sent to.
import { errorCatalogue } from '@proxy/contract/errors'
import type { Me } from '@proxy/contract/user/endpoints'
import { ACCOUNT_PAGES } from '@proxy/contract/wire'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailedToken, mailsTo } from '../../../test/account-mail.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { accountTokens, users } from './auth.schema.ts'
import { hashToken } from './tokens.ts'
import { VERIFY_MAILS_PER_WINDOW } from './verification.service.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const verify = (token: unknown, sessionToken?: string) =>
  server.call('POST', '/api/auth/verify-email', { body: { token }, token: sessionToken })
const resend = (token?: string) => server.call('POST', '/api/user/verify-email/resend', { token })
const isVerified = async (token: string) =>
  (await server.call<Me>('GET', '/api/user/me', { token })).body.data.emailVerified
const verifyToken = (email: string) => mailedToken(server, email, ACCOUNT_PAGES.verifyEmail)

describe('e-mail verification', () => {
  it('mails a link at sign-up that verifies the address once, signed in or not', async () => {
    const customer = await server.newCustomer()
    expect(await isVerified(customer.token)).toBe(false)
    const mails = await mailsTo(server, customer.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toContain('Verify')
    expect(mails[0]?.text).toMatch(
      new RegExp(`^http://localhost:3000${ACCOUNT_PAGES.verifyEmail}#token=[A-Za-z0-9_-]{43}$`, 'm'),
    )
    const token = await verifyToken(customer.email)
    const [row] = await server.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.tokenHash, hashToken(token as string)))
    expect(row).toMatchObject({ purpose: 'verify-email', email: customer.email })
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBeGreaterThan(23.9 * 3600e3)

    const done = await verify(token)
    expect(done.status).toBe(200)
    expect(await isVerified(customer.token)).toBe(true)
    const again = await verify(token, customer.token)
    expect(again.status).toBe(422)
    expect(again.body.code).toBe(errorCatalogue.ACCOUNT_LINK_INVALID.code)
    expect(await isVerified(customer.token)).toBe(true)
  })

  it('resends on request, a few times per window, and not once verified', async () => {
    const customer = await server.newCustomer()
    for (let i = 0; i < VERIFY_MAILS_PER_WINDOW; i++) expect((await resend(customer.token)).status).toBe(200)
    const over = await resend(customer.token)
    expect(over.status).toBe(429)
    expect(over.body.code).toBe(errorCatalogue.RATE_LIMITED.code)
    expect(await mailsTo(server, customer.email)).toHaveLength(1 + VERIFY_MAILS_PER_WINDOW)

    // The newest link works, and every older one is spent with it.
    const first = (await mailsTo(server, customer.email))[0]?.text.match(/#token=([A-Za-z0-9_-]{43})/)?.[1]
    expect((await verify(await verifyToken(customer.email))).status).toBe(200)
    expect((await verify(first)).status).toBe(422)
    const verified = await resend(customer.token)
    expect(verified.status).toBe(409)
    expect(verified.body.code).toBe(errorCatalogue.EMAIL_ALREADY_VERIFIED.code)
  })

  it('needs a signed-in customer to resend', async () => {
    for (const token of [undefined, 'garbage']) {
      const answer = await resend(token)
      expect(answer.status).toBe(401)
      expect(answer.body.code).toBe(errorCatalogue.UNAUTHORIZED.code)
    }
  })

  it('proves only the address the link went to', async () => {
    const customer = await server.newCustomer()
    const token = await verifyToken(customer.email)
    await server.db
      .update(users)
      .set({ email: `changed-${customer.email}` })
      .where(eq(users.email, customer.email))
    expect((await verify(token)).status).toBe(422)
    expect(await isVerified(customer.token)).toBe(false)
  })

  it('refuses an expired link, a reset link, and malformed input', async () => {
    const customer = await server.newCustomer()
    const token = (await verifyToken(customer.email)) as string
    await server.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.tokenHash, hashToken(token)))
    expect((await verify(token)).status).toBe(422)

    await server.call('POST', '/api/auth/password-reset', { body: { email: customer.email } })
    const reset = await mailedToken(server, customer.email, ACCOUNT_PAGES.resetPassword)
    expect((await verify(reset)).status).toBe(422)

    for (const body of [{}, { token: 'short' }, { token: 42 }, { token: 'A'.repeat(43), extra: true }]) {
      const answer = await server.call('POST', '/api/auth/verify-email', { body })
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.code).toBe(errorCatalogue.VALIDATION_FAILED.code)
    }
    expect(await isVerified(customer.token)).toBe(false)
    // The reset link is still good: a verification attempt with it spent nothing.
    const confirm = await server.call('POST', '/api/auth/password-reset/confirm', {
      body: { token: reset, password: 'a brand new passphrase' },
    })
    expect(confirm.status).toBe(200)
  })
})
