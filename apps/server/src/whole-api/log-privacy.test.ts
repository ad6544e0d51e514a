// The log of a whole journey, at debug level, holds no full email address, no password and no token
// (README, "Start-up checks and logs"): a customer signs up, signs in, forgets the password, sends a
// token in a query string; an operator signs in and searches customers by email.
import { ACCOUNT_PAGES } from '@proxy/contract/wire'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailedToken } from '../../test/account-mail.ts'
import { signInOperator } from '../../test/operators.ts'
import { startTestServer, type TestServer } from '../../test/test-server.ts'
import { redactUrl, scrubLogLine } from '../platform/log-redaction.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'debug' })
})
afterAll(() => server.close())

describe('the log of a whole journey', () => {
  it('holds no full email address, password or token', async () => {
    const customer = await server.newCustomer('logged.customer@example.com')
    const signIn = await server.call<{ token: string }>('POST', '/api/auth/login', {
      body: { email: customer.email, password: customer.password },
    })
    expect(signIn.status).toBe(200)
    const session = signIn.body.data.token
    // A client that puts its token in the query string (it is not how to authenticate: 401).
    const inQuery = await server.call('GET', `/api/user/me?token=${session}&api_key=${session}`)
    expect(inQuery.status).toBe(401)

    expect(
      (await server.call('POST', '/api/auth/password-reset', { body: { email: customer.email } })).status,
    ).toBe(200)
    const resetToken = await mailedToken(server, customer.email, ACCOUNT_PAGES.resetPassword)
    expect(resetToken).toBeDefined()
    const newPassword = 'a brand new passphrase'
    const reset = await server.call('POST', '/api/auth/password-reset/confirm', {
      body: { token: resetToken, password: newPassword },
    })
    expect(reset.status).toBe(200)
    const verifyToken = await mailedToken(server, customer.email, ACCOUNT_PAGES.verifyEmail)

    const { cookie, operator } = await signInOperator(server)
    const search = await server.call<{ items: { email: string }[] }>(
      'GET',
      `/api/admin/customers?q=${encodeURIComponent(customer.email)}`,
      { headers: { cookie } },
    )
    expect(search.status).toBe(200)
    expect(search.body.data.items.map((item) => item.email)).toContain(customer.email)
    await server.app.mailQueue.settled()

    const log = server.logs.join('\n')
    // The journey was logged: requests, the admin search's URL (masked), the query token (redacted).
    expect(log).toContain('"/api/admin/customers?q=lo***%40example.com"')
    expect(log).toContain('/api/user/me?token=[redacted]&api_key=[redacted]')
    expect(log).toContain('lo***@example.com')
    const secrets = {
      'customer email': customer.email,
      'its encoded form': encodeURIComponent(customer.email),
      'operator email': operator.email,
      'first password': customer.password,
      'new password': newPassword,
      'operator password': operator.password,
      'session token': session,
      'reset token': resetToken as string,
      'verification token': verifyToken as string,
      'operator cookie': cookie.split('=')[1] as string,
    }
    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret, name).toBeTruthy()
      expect(log.includes(secret), `${name} is in the log`).toBe(false)
    }
  })
})

describe('log redaction', () => {
  it('masks addresses and redacts secret-named parameters in a URL, keeping the rest', () => {
    expect(redactUrl('/api/admin/customers?q=alice%40example.com&page=2')).toBe(
      '/api/admin/customers?q=al***%40example.com&page=2',
    )
    expect(redactUrl('/sandbox-pay/api.php?act=order&key=merchant-key&out_trade_no=T1')).toBe(
      '/sandbox-pay/api.php?act=order&key=[redacted]&out_trade_no=T1',
    )
    expect(redactUrl('/x?Secret=1&password=2&refresh_token=3')).toBe(
      '/x?Secret=[redacted]&password=[redacted]&refresh_token=[redacted]',
    )
    expect(redactUrl('/api/admin/invitations/abc123/accept')).toBe('/api/admin/invitations/[redacted]/accept')
    expect(redactUrl('/api/user/me')).toBe('/api/user/me')
  })

  it('scrubs what a message carries, and leaves a masked line as it is', () => {
    const line = '{"msg":"mail to bob.smith@example.co.uk failed","url":"/reset?token=abc&x=1"}'
    const scrubbed = scrubLogLine(line)
    expect(scrubbed).toBe('{"msg":"mail to bo***@example.co.uk failed","url":"/reset?token=[redacted]&x=1"}')
    expect(scrubLogLine(scrubbed)).toBe(scrubbed)
  })
})
