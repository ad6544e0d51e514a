import { randomUUID } from 'node:crypto'
import { errorCatalogue } from '@proxy/contract/errors'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '3' })
})
afterAll(() => server.close())

type Session = {
  id: string
  createdAt: string
  lastSeenAt: string
  ip: string | null
  userAgent: string | null
  current: boolean
}
type SignIn = { id: string; outcome: string; ip: string | null; userAgent: string | null; createdAt: string }
type Page<T> = { items: T[]; total: number; page: number; pageSize: number }

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

const signIn = (email: string, password: string, agent = FIREFOX, from?: string) =>
  server.call<{ token: string }>('POST', '/api/auth/login', {
    body: { email, password },
    headers: { 'user-agent': agent },
    from,
  })

const sessionsOf = (token: string) =>
  server.call<{ items: Session[] }>('GET', '/api/user/sessions', { token })

describe('active sessions', () => {
  it('lists the signed-in browsers with address and browser, marking the calling one', async () => {
    const { email, password, token: registered } = await server.newCustomer()
    const phone = (await signIn(email, password, SAFARI, '127.0.0.2')).body.data.token
    const list = await sessionsOf(phone)
    expect(list.status).toBe(200)
    expect(list.body.data.items).toHaveLength(2)
    const current = list.body.data.items.filter((session) => session.current)
    expect(current).toHaveLength(1)
    expect(current[0]).toMatchObject({ ip: '127.0.0.2', userAgent: SAFARI })
    const other = list.body.data.items.find((session) => !session.current)
    expect(other?.ip).toBe('127.0.0.1')
    expect(Date.parse(other?.createdAt ?? '')).not.toBeNaN()
    // No token, nor its hash, in the list.
    const text = JSON.stringify(list.body)
    expect(text).not.toContain(phone)
    expect(text).not.toContain(registered)
    expect(text).not.toMatch(/tokenHash|[0-9a-f]{64}/)
  })

  it("revokes one session, refuses another customer's with 404, and leaves theirs working", async () => {
    const alice = await server.newCustomer()
    const bob = await server.newCustomer()
    const aliceLaptop = (await signIn(alice.email, alice.password)).body.data.token
    const bobSessions = (await sessionsOf(bob.token)).body.data.items
    const bobSession = bobSessions[0]?.id ?? ''

    const foreign = await server.call('DELETE', `/api/user/sessions/${bobSession}`, { token: alice.token })
    expect(foreign.status).toBe(404)
    expect(foreign.body.code).toBe(errorCatalogue.NOT_FOUND.code)
    expect((await server.call('GET', '/api/user/me', { token: bob.token })).status).toBe(200)
    const unknown = await server.call('DELETE', `/api/user/sessions/${randomUUID()}`, { token: alice.token })
    expect(unknown.status).toBe(404)
    const notAnId = await server.call('DELETE', '/api/user/sessions/not-an-id', { token: alice.token })
    expect(notAnId.status).toBe(400)
    expect((await server.call('DELETE', `/api/user/sessions/${bobSession}`)).status).toBe(401)

    const laptop = (await sessionsOf(aliceLaptop)).body.data.items.find((session) => session.current)
    const revoked = await server.call('DELETE', `/api/user/sessions/${laptop?.id}`, { token: alice.token })
    expect(revoked.status).toBe(200)
    expect((await server.call('GET', '/api/user/me', { token: aliceLaptop })).status).toBe(401)
    expect((await sessionsOf(alice.token)).body.data.items.map((session) => session.id)).not.toContain(
      laptop?.id,
    )
    const twice = await server.call('DELETE', `/api/user/sessions/${laptop?.id}`, { token: alice.token })
    expect(twice.status).toBe(404)
  })

  it('signs out every other session, and no other customer', async () => {
    const alice = await server.newCustomer()
    const bob = await server.newCustomer()
    const others = [
      (await signIn(alice.email, alice.password)).body.data.token,
      (await signIn(alice.email, alice.password, SAFARI)).body.data.token,
    ]
    const answer = await server.call<{ revoked: number }>('POST', '/api/user/sessions/revoke-others', {
      token: alice.token,
    })
    expect(answer.status).toBe(200)
    expect(answer.body.data.revoked).toBe(2)
    for (const token of others) expect((await server.call('GET', '/api/user/me', { token })).status).toBe(401)
    expect((await server.call('GET', '/api/user/me', { token: alice.token })).status).toBe(200)
    expect((await server.call('GET', '/api/user/me', { token: bob.token })).status).toBe(200)
    const left = (await sessionsOf(alice.token)).body.data.items
    expect(left).toHaveLength(1)
    expect(left[0]?.current).toBe(true)
  })
})

describe('sign-in history', () => {
  it('records every attempt on the account, newest first, paged', async () => {
    const { email, password, token } = await server.newCustomer()
    await signIn(email, 'wrong password 1')
    await signIn(email, password, SAFARI, '127.0.0.3')
    await signIn(email, 'wrong password 2')
    await signIn(email, 'wrong password 3')
    await signIn(email, 'wrong password 4')
    await signIn(email, password) // over the limit of 3 failures from this address: refused unjudged
    const page = await server.call<Page<SignIn>>('GET', '/api/user/sign-ins', { token })
    expect(page.status).toBe(200)
    // Six attempts after the registration, which signed the customer in first.
    expect(page.body.data.total).toBe(7)
    expect(page.body.data.items.map((event) => event.outcome)).toEqual([
      'locked',
      'locked',
      'bad-password',
      'bad-password',
      'success',
      'bad-password',
      'success',
    ])
    const success = page.body.data.items[4]
    expect(success).toMatchObject({ ip: '127.0.0.3', userAgent: SAFARI })
    const times = page.body.data.items.map((event) => Date.parse(event.createdAt))
    expect([...times].sort((a, b) => b - a)).toEqual(times)

    const second = await server.call<Page<SignIn>>('GET', '/api/user/sign-ins?page=2&pageSize=4', { token })
    expect(second.body.data).toMatchObject({ total: 7, page: 2, pageSize: 4 })
    expect(second.body.data.items.map((event) => event.id)).toEqual(
      page.body.data.items.slice(4).map((e) => e.id),
    )
    expect(JSON.stringify(page.body)).not.toContain('wrong password')
  })

  it("shows no other customer's attempts and nothing for unknown addresses", async () => {
    const alice = await server.newCustomer()
    const bob = await server.newCustomer()
    await signIn(bob.email, 'wrong password 1')
    await signIn('nobody-at-all@example.com', 'wrong password 1')
    const page = await server.call<Page<SignIn>>('GET', '/api/user/sign-ins', { token: alice.token })
    // Alice's own registration only.
    expect(page.body.data).toMatchObject({ total: 1, page: 1, pageSize: 20 })
    expect(page.body.data.items.map((event) => event.outcome)).toEqual(['success'])
    const bobs = await server.call<Page<SignIn>>('GET', '/api/user/sign-ins', { token: bob.token })
    expect(bobs.body.data.items.map((event) => event.outcome)).toEqual(['bad-password', 'success'])
  })

  it('refuses bad paging and anonymous calls', async () => {
    const { token } = await server.newCustomer()
    for (const query of ['page=0', 'pageSize=1000', 'page=abc', 'other=1']) {
      const answer = await server.call('GET', `/api/user/sign-ins?${query}`, { token })
      expect(answer.status).toBe(400)
    }
    expect((await server.call('GET', '/api/user/sign-ins')).status).toBe(401)
    expect((await server.call('GET', '/api/user/sessions')).status).toBe(401)
  })
})
