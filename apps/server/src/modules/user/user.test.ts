import { errorCatalogue } from '@proxy/contract/errors'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

type Me = { id: string; email: string; name: string; createdAt: string }
type TokenList = { items: { id: string; name: string; prefix: string; lastUsedAt: string | null }[] }

describe('profile', () => {
  it('answers the signed-in customer and renames them', async () => {
    const { email, token } = await server.newCustomer()
    const me = await server.call<Me>('GET', '/api/user/me', { token })
    expect(me.body.data).toMatchObject({ email, name: '' })
    expect(Object.keys(me.body.data).sort()).toEqual([
      'createdAt',
      'email',
      'emailVerified',
      'id',
      'language',
      'name',
      'timeZone',
      'tourSeen',
      'twoFactor',
    ])
    expect(me.body.data).toMatchObject({
      emailVerified: false,
      language: null,
      timeZone: null,
      tourSeen: false,
      twoFactor: false,
    })
    const renamed = await server.call<Me>('PATCH', '/api/user/me', { token, body: { name: '  小王  ' } })
    expect(renamed.body.data.name).toBe('小王')
    expect((await server.call<Me>('GET', '/api/user/me', { token })).body.data.name).toBe('小王')
  })

  it('refuses empty, long and padded-out names and changes nothing', async () => {
    const { token } = await server.newCustomer()
    await server.call('PATCH', '/api/user/me', { token, body: { name: 'Kept' } })
    for (const name of ['', '   ', 'x'.repeat(33), 42, null, true, ['a']]) {
      const answer = await server.call('PATCH', '/api/user/me', { token, body: { name } })
      expect(answer.status).toBe(400)
      expect(answer.body.code).toBe(errorCatalogue.VALIDATION_FAILED.code)
      expect(answer.body.message).toContain('body.name')
    }
    const extra = await server.call('PATCH', '/api/user/me', { token, body: { name: 'New', email: 'x@y.z' } })
    expect(extra.status).toBe(400)
    expect((await server.call<Me>('GET', '/api/user/me', { token })).body.data.name).toBe('Kept')
  })
})

describe('API tokens', () => {
  it('creates a token shown once, lists it without the secret, and it authenticates', async () => {
    const { email, token } = await server.newCustomer()
    const created = await server.call<{ id: string; token: string }>('POST', '/api/user/api-tokens', {
      token,
      body: { name: 'crawler' },
    })
    expect(created.status).toBe(200)
    const secret = created.body.data.token
    expect(secret).toMatch(/^pat_/)
    const list = await server.call<TokenList>('GET', '/api/user/api-tokens', { token })
    expect(list.body.data.items).toHaveLength(1)
    const [listed] = list.body.data.items
    expect(listed).toMatchObject({ id: created.body.data.id, name: 'crawler', prefix: secret.slice(0, 10) })
    expect(JSON.stringify(list.body)).not.toContain(secret.slice(10))

    const viaToken = await server.call<Me>('GET', '/api/user/me', { token: secret })
    expect(viaToken.body.data.email).toBe(email)
    const after = await server.call<TokenList>('GET', '/api/user/api-tokens', { token })
    expect(after.body.data.items[0]?.lastUsedAt).not.toBeNull()
  })

  it('stops working on the next request after revocation', async () => {
    const { token } = await server.newCustomer()
    const created = await server.call<{ id: string; token: string }>('POST', '/api/user/api-tokens', {
      token,
      body: { name: 'script' },
    })
    const secret = created.body.data.token
    expect((await server.call('GET', '/api/user/wallet', { token: secret })).status).toBe(200)
    const revoked = await server.call('DELETE', `/api/user/api-tokens/${created.body.data.id}`, { token })
    expect(revoked.status).toBe(200)
    expect((await server.call('GET', '/api/user/wallet', { token: secret })).status).toBe(401)
    expect((await server.call<TokenList>('GET', '/api/user/api-tokens', { token })).body.data.items).toEqual(
      [],
    )
    const again = await server.call('DELETE', `/api/user/api-tokens/${created.body.data.id}`, { token })
    expect(again.status).toBe(404)
  })

  it("never lets a customer see or revoke another customer's token", async () => {
    const alice = await server.newCustomer()
    const mallory = await server.newCustomer()
    const created = await server.call<{ id: string; token: string }>('POST', '/api/user/api-tokens', {
      token: alice.token,
      body: { name: 'alice' },
    })
    expect(
      (await server.call<TokenList>('GET', '/api/user/api-tokens', { token: mallory.token })).body.data.items,
    ).toEqual([])
    const attempt = await server.call('DELETE', `/api/user/api-tokens/${created.body.data.id}`, {
      token: mallory.token,
    })
    expect(attempt.status).toBe(404)
    expect(attempt.body.code).toBe(errorCatalogue.NOT_FOUND.code)
    expect((await server.call('GET', '/api/user/me', { token: created.body.data.token })).status).toBe(200)
  })

  it('validates ids and names', async () => {
    const { token } = await server.newCustomer()
    for (const id of ['1', 'not-a-uuid', "1' or '1'='1", '%00'])
      expect((await server.call('DELETE', `/api/user/api-tokens/${id}`, { token })).status).toBe(400)
    for (const body of [{}, { name: '' }, { name: 'x'.repeat(33) }, { name: 'ok', scope: 'admin' }])
      expect((await server.call('POST', '/api/user/api-tokens', { token, body })).status).toBe(400)
    expect((await server.call<TokenList>('GET', '/api/user/api-tokens', { token })).body.data.items).toEqual(
      [],
    )
  })

  it('an API token can be revoked by logging out with it', async () => {
    const { token } = await server.newCustomer()
    const created = await server.call<{ token: string }>('POST', '/api/user/api-tokens', {
      token,
      body: { name: 'x' },
    })
    const secret = created.body.data.token
    expect((await server.call('POST', '/api/auth/logout', { token: secret })).status).toBe(200)
    expect((await server.call('GET', '/api/user/me', { token: secret })).status).toBe(401)
    expect((await server.call('GET', '/api/user/me', { token })).status).toBe(200)
  })
})
