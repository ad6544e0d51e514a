// The log of a whole journey, at debug level, holds no full email address, no password and no token
// (README, "Start-up checks and logs"): a customer signs up, signs in, forgets the password, sends a
// token in a query string, makes a download link, fetches it, resets it and fetches the old one; an
// operator signs in and searches customers by email.
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
    const session2 = (
      await server.call<{ token: string }>('POST', '/api/auth/login', {
        body: { email: customer.email, password: newPassword },
      })
    ).body.data.token
    const link = await server.call<{ secret: string; link: { id: string } }>(
      'POST',
      '/api/user/download-links',
      {
        token: session2,
        body: { name: 'for my tool' },
      },
    )
    expect(link.status).toBe(200)
    const linkSecret = link.body.data.secret
    expect((await server.call('GET', `/api/dl/${linkSecret}`)).status).toBe(200)
    const linkReset = await server.call<{ secret: string }>(
      'POST',
      `/api/user/download-links/${link.body.data.link.id}/reset`,
      { token: session2 },
    )
    expect((await server.call('GET', `/api/dl/${linkSecret}?format=json`)).status).toBe(404)
    expect((await server.call('GET', `/api/dl/${linkReset.body.data.secret}/more`)).status).toBe(404)

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
    expect(log).toContain('"/api/dl/[redacted]"')
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
      'download link secret': linkSecret,
      'its reset secret': linkReset.body.data.secret,
      'second session token': session2,
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
    expect(redactUrl(`/api/dl/dl_${'x'.repeat(43)}?format=csv`)).toBe('/api/dl/[redacted]?format=csv')
  })

  it('scrubs what a message carries, and leaves a masked line as it is', () => {
    const line = '{"msg":"mail to bob.smith@example.co.uk failed","url":"/reset?token=abc&x=1"}'
    const scrubbed = scrubLogLine(line)
    expect(scrubbed).toBe('{"msg":"mail to bo***@example.co.uk failed","url":"/reset?token=[redacted]&x=1"}')
    expect(scrubLogLine(scrubbed)).toBe(scrubbed)
    const link =
      '{"msg":"fetch of https://shop.example/api/dl/dl_abc-DEF_123 failed","at":"/api/dl/dl_x?f=1"}'
    const scrubbedLink = scrubLogLine(link)
    expect(scrubbedLink).toBe(
      '{"msg":"fetch of https://shop.example/api/dl/[redacted] failed","at":"/api/dl/[redacted]?f=1"}',
    )
    expect(scrubLogLine(scrubbedLink)).toBe(scrubbedLink)
  })
})
