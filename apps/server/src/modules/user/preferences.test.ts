// Preferences kept on the account (language, time zone, first-visit tour), so they outlive sign-out.
import { errorCatalogue } from '@proxy/contract/errors'
import type { Me } from '@proxy/contract/user/endpoints'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { users } from '../auth/auth.schema.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const me = async (token: string) => (await server.call<Me>('GET', '/api/user/me', { token })).body.data
const patch = (token: string, body: unknown) => server.call<Me>('PATCH', '/api/user/me', { token, body })

describe('preferences on the account', () => {
  it('starts empty, saves each field alone or together, and answers the whole customer', async () => {
    const { token } = await server.newCustomer()
    expect(await me(token)).toMatchObject({ language: null, timeZone: null, tourSeen: false, name: '' })

    const english = await patch(token, { language: 'en-US' })
    expect(english.status).toBe(200)
    expect(english.body.data).toMatchObject({ language: 'en-US', timeZone: null, tourSeen: false })
    const zone = await patch(token, { timeZone: 'America/Argentina/Buenos_Aires' })
    expect(zone.body.data).toMatchObject({ language: 'en-US', timeZone: 'America/Argentina/Buenos_Aires' })
    const together = await patch(token, { language: 'zh-CN', timeZone: 'Asia/Shanghai', tourSeen: true })
    expect(together.body.data).toMatchObject({ language: 'zh-CN', timeZone: 'Asia/Shanghai', tourSeen: true })
    expect(await me(token)).toEqual(together.body.data)
    // The name is one field among the others: a preference leaves it alone, and the other way round.
    const renamed = await patch(token, { name: 'Wang' })
    expect(renamed.body.data).toMatchObject({ name: 'Wang', language: 'zh-CN', timeZone: 'Asia/Shanghai' })
  })

  it('keeps the zone as IANA spells it, and accepts UTC and Etc zones', async () => {
    const { token } = await server.newCustomer()
    for (const [sent, kept] of [
      ['asia/shanghai', 'Asia/Shanghai'],
      ['UTC', 'UTC'],
      ['Etc/GMT+8', 'Etc/GMT+8'],
      ['Europe/Berlin', 'Europe/Berlin'],
    ]) {
      const answer = await patch(token, { timeZone: sent })
      expect(answer.status, sent).toBe(200)
      expect(answer.body.data.timeZone).toBe(kept)
    }
  })

  it('records the first time the tour was seen and keeps it', async () => {
    const { token } = await server.newCustomer()
    const { id } = await me(token)
    await patch(token, { tourSeen: true })
    const seenAt = async () =>
      (await server.db.select({ at: users.tourSeenAt }).from(users).where(eq(users.id, id)))[0]?.at
    const first = await seenAt()
    expect(first).toBeInstanceOf(Date)
    await new Promise((done) => setTimeout(done, 20))
    expect((await patch(token, { tourSeen: true })).body.data.tourSeen).toBe(true)
    expect(await seenAt()).toEqual(first)
  })

  it('outlives sign-out: a new session reads the same preferences', async () => {
    const { email, password, token } = await server.newCustomer()
    await patch(token, { language: 'en-US', timeZone: 'Asia/Tokyo', tourSeen: true })
    expect((await server.call('POST', '/api/auth/logout', { token })).status).toBe(200)
    const login = await server.call<{ token: string }>('POST', '/api/auth/login', {
      body: { email, password },
    })
    expect(await me(login.body.data.token)).toMatchObject({
      language: 'en-US',
      timeZone: 'Asia/Tokyo',
      tourSeen: true,
    })
  })

  it('refuses bad input with 400 and changes nothing', async () => {
    const { token } = await server.newCustomer()
    await patch(token, { name: 'Kept', language: 'en-US', timeZone: 'Europe/Paris', tourSeen: true })
    const before = await me(token)
    const bad: [unknown, string][] = [
      [{}, 'body'],
      [{ language: 'fr-FR' }, 'body.language'],
      [{ language: 'en' }, 'body.language'],
      [{ language: 'EN-us' }, 'body.language'],
      [{ language: null }, 'body.language'],
      [{ timeZone: 'Mars/Olympus_Mons' }, 'body.timeZone'],
      [{ timeZone: '+08:00' }, 'body.timeZone'],
      [{ timeZone: 'GMT+8' }, 'body.timeZone'],
      [{ timeZone: '' }, 'body.timeZone'],
      [{ timeZone: 'Asia/Shanghai\u0000' }, 'body.timeZone'],
      [{ timeZone: `Asia/${'x'.repeat(80)}` }, 'body.timeZone'],
      [{ timeZone: 8 }, 'body.timeZone'],
      [{ tourSeen: false }, 'body.tourSeen'],
      [{ tourSeen: 'yes' }, 'body.tourSeen'],
      [{ language: 'zh-CN', theme: 'dark' }, 'body'],
      [{ language: 'zh-CN', timeZone: 'Nowhere/Land' }, 'body.timeZone'],
      [{ name: '', language: 'zh-CN' }, 'body.name'],
    ]
    for (const [body, field] of bad) {
      const answer = await patch(token, body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.code).toBe(errorCatalogue.VALIDATION_FAILED.code)
      expect(answer.body.message, JSON.stringify(body)).toContain(field)
    }
    for (const raw of ['not json', '[]', 'null'])
      expect((await server.call('PATCH', '/api/user/me', { token, body: raw })).status).toBe(400)
    expect(await me(token)).toEqual(before)
  })

  it('needs a signed-in customer, before looking at the body', async () => {
    for (const token of [undefined, 'garbage']) {
      const read = await server.call('GET', '/api/user/me', { token })
      const write = await server.call('PATCH', '/api/user/me', { token, body: { language: 'fr-FR' } })
      for (const answer of [read, write]) {
        expect(answer.status).toBe(401)
        expect(answer.body.code).toBe(errorCatalogue.UNAUTHORIZED.code)
      }
    }
  })

  it("changes only the caller's own account", async () => {
    const alice = await server.newCustomer()
    const bob = await server.newCustomer()
    await patch(alice.token, { language: 'en-US', timeZone: 'Asia/Tokyo', tourSeen: true })
    expect(await me(bob.token)).toMatchObject({ language: null, timeZone: null, tourSeen: false })
  })
})
