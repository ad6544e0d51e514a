// API tokens after a takeover: a password reset ends them with the sessions (and its mail says so), a
// password change ends them when asked, a token cannot mint another or touch the account's security,
// and each token shows when and from where it was last used.
import { errorCatalogue } from '@proxy/contract/errors'
import { ACCOUNT_PAGES } from '@proxy/contract/wire'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailedToken, mailsTo } from '../../../test/account-mail.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

type Listed = { id: string; lastUsedAt: string | null; lastUsedIp: string | null }

const newApiToken = async (session: string, name = 'script') => {
  const answer = await server.call<{ id: string; token: string }>('POST', '/api/user/api-tokens', {
    token: session,
    body: { name },
  })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.data
}
const works = async (token: string) => (await server.call('GET', '/api/user/me', { token })).status === 200
const tokensOf = async (session: string) =>
  (await server.call<{ items: Listed[] }>('GET', '/api/user/api-tokens', { token: session })).body.data.items

describe('a password reset', () => {
  it('ends every session and every API token, and its mail says so', async () => {
    const customer = await server.newCustomer()
    const script = await newApiToken(customer.token)
    expect(await works(script.token)).toBe(true)

    expect(
      (await server.call('POST', '/api/auth/password-reset', { body: { email: customer.email } })).status,
    ).toBe(200)
    const [mail] = (await mailsTo(server, customer.email)).filter((sent) => sent.subject.includes('Reset'))
    expect(mail?.text).toContain('ends every API token')
    expect(mail?.text).toContain('所有 API 令牌也会失效')
    const token = await mailedToken(server, customer.email, ACCOUNT_PAGES.resetPassword)
    const confirmed = await server.call('POST', '/api/auth/password-reset/confirm', {
      body: { token, password: 'a brand new passphrase' },
    })
    expect(confirmed.status).toBe(200)

    expect(await works(customer.token)).toBe(false)
    expect(await works(script.token)).toBe(false)
  })
})

describe('a password change', () => {
  const change = (session: string, body: Record<string, unknown>) =>
    server.call('POST', '/api/auth/password', {
      token: session,
      body: { oldPassword: 'correct horse battery', newPassword: 'another long passphrase', ...body },
    })

  it('keeps API tokens unless asked, and ends them all when asked; the asking session stays', async () => {
    const kept = await server.newCustomer()
    const keptScript = await newApiToken(kept.token)
    expect((await change(kept.token, {})).status).toBe(200)
    expect(await works(keptScript.token)).toBe(true)

    const ended = await server.newCustomer()
    const other = await server.call<{ token: string }>('POST', '/api/auth/login', {
      body: { email: ended.email, password: ended.password },
    })
    const scripts = [await newApiToken(ended.token, 'one'), await newApiToken(ended.token, 'two')]
    expect((await change(ended.token, { revokeApiTokens: true })).status).toBe(200)
    for (const script of scripts) expect(await works(script.token)).toBe(false)
    expect(await works(other.body.data.token)).toBe(false)
    expect(await works(ended.token)).toBe(true)
    expect(await tokensOf(ended.token)).toEqual([])
  })

  it('refuses a revokeApiTokens that is not a boolean, changing nothing', async () => {
    const customer = await server.newCustomer()
    const answer = await change(customer.token, { revokeApiTokens: 'yes' })
    expect(answer.status).toBe(400)
    expect(
      (
        await server.call('POST', '/api/auth/login', {
          body: { email: customer.email, password: customer.password },
        })
      ).status,
    ).toBe(200)
  })
})

describe('an API token', () => {
  it("cannot make another token nor touch the account's password, second factor, tokens or sessions", async () => {
    const customer = await server.newCustomer()
    const script = await newApiToken(customer.token)
    const sibling = await newApiToken(customer.token, 'sibling')
    const sessions = await server.call<{ items: { id: string }[] }>('GET', '/api/user/sessions', {
      token: script.token,
    })
    expect(sessions.status).toBe(200)
    const sessionId = sessions.body.data.items[0]?.id
    const attempts: [string, string, unknown][] = [
      ['POST', '/api/user/api-tokens', { name: 'minted' }],
      ['DELETE', `/api/user/api-tokens/${sibling.id}`, undefined],
      ['POST', '/api/auth/password', { oldPassword: customer.password, newPassword: 'taken over for good' }],
      ['POST', '/api/user/2fa/setup', { password: customer.password }],
      ['POST', '/api/user/2fa/enable', { code: '123456' }],
      ['POST', '/api/user/2fa/disable', { password: customer.password, code: '123456' }],
      ['DELETE', `/api/user/sessions/${sessionId}`, undefined],
      ['POST', '/api/user/sessions/revoke-others', undefined],
    ]
    for (const [method, path, body] of attempts) {
      const answer = await server.call(method, path, { token: script.token, body })
      expect(answer.status, `${method} ${path}`).toBe(403)
      expect(answer.body.code).toBe(errorCatalogue.SESSION_REQUIRED.code)
    }
    // Nothing changed: two tokens, the session and the password as they were.
    expect(await tokensOf(customer.token)).toHaveLength(2)
    expect(await works(customer.token)).toBe(true)
    expect(await works(sibling.token)).toBe(true)
    expect(
      (
        await server.call('POST', '/api/auth/login', {
          body: { email: customer.email, password: customer.password },
        })
      ).status,
    ).toBe(200)
    // What scripts are for still works, and a token may end itself.
    expect((await server.call('GET', '/api/user/wallet', { token: script.token })).status).toBe(200)
    expect((await server.call('POST', '/api/auth/logout', { token: script.token })).status).toBe(200)
    expect(await works(script.token)).toBe(false)
  })

  it('shows when and from which address it was last used, a new address at once', async () => {
    const customer = await server.newCustomer()
    const script = await newApiToken(customer.token)
    expect(await tokensOf(customer.token)).toEqual([
      expect.objectContaining({ id: script.id, lastUsedAt: null, lastUsedIp: null }),
    ])
    const use = (from: string) => server.call('GET', '/api/user/me', { token: script.token, from })
    expect((await use('127.0.0.5')).status).toBe(200)
    const [first] = await tokensOf(customer.token)
    expect(first?.lastUsedIp).toBe('127.0.0.5')
    expect(Date.now() - Date.parse(first?.lastUsedAt ?? '')).toBeLessThan(60_000)
    expect((await use('127.0.0.6')).status).toBe(200)
    expect((await tokensOf(customer.token))[0]?.lastUsedIp).toBe('127.0.0.6')
  })
})
