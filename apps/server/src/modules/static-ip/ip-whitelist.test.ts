import { errorCatalogue } from '@proxy/contract/errors'
import { IP_WHITELIST_MAX } from '@proxy/contract/static-ip/ip-whitelist'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { normaliseSource } from './ip-whitelist.service.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

type Entry = { id: string; source: string; createdAt: string }
const list = (token: string) =>
  server.call<{ items: Entry[]; max: number }>('GET', '/api/user/ip-whitelist', { token })
const add = (token: string, source: unknown) =>
  server.call<Entry>('POST', '/api/user/ip-whitelist', { token, body: { source } })

describe('IP whitelist', () => {
  it('normalises every spelling of a source to one', () => {
    expect(normaliseSource('203.0.113.7/24')).toBe('203.0.113.0/24')
    expect(normaliseSource('203.0.113.7/32')).toBe('203.0.113.7')
    expect(normaliseSource('::ffff:198.51.100.9')).toBe('198.51.100.9')
    expect(normaliseSource('2001:DB8:0:0::1/48')).toBe('2001:db8::/48')
    expect(normaliseSource('2001:db8::1')).toBe('2001:db8::1')
    expect(normaliseSource('::ffff:198.51.100.9/120')).toBe('198.51.100.0/24')
    expect(() => normaliseSource('::ffff:0:0/96')).toThrow()
    expect(() => normaliseSource('::/48')).toThrow()
  })

  it('adds, lists and removes sources, refusing duplicates and a 21st', async () => {
    const { token } = await server.newCustomer()
    expect((await list(token)).body.data).toEqual({ items: [], max: IP_WHITELIST_MAX })
    const first = await add(token, ' 198.51.100.20 ')
    expect(first.status).toBe(200)
    expect(first.body.data.source).toBe('198.51.100.20')
    const duplicate = await add(token, '198.51.100.20/32')
    expect(duplicate.status).toBe(409)
    expect(duplicate.body.code).toBe(errorCatalogue.WHITELIST_DUPLICATE.code)
    for (let i = 1; i < IP_WHITELIST_MAX; i++) expect((await add(token, `192.0.2.${i}`)).status).toBe(200)
    const full = await add(token, '192.0.2.200')
    expect(full.status).toBe(422)
    expect(full.body.code).toBe(errorCatalogue.WHITELIST_FULL.code)
    expect((await list(token)).body.data.items).toHaveLength(IP_WHITELIST_MAX)
    expect(
      (await server.call('DELETE', `/api/user/ip-whitelist/${first.body.data.id}`, { token })).status,
    ).toBe(200)
    expect((await list(token)).body.data.items.map((e) => e.source)).not.toContain('198.51.100.20')
  })

  it('lets concurrent additions fill the list exactly, never past it', async () => {
    const { token } = await server.newCustomer()
    const answers = await Promise.all(
      Array.from({ length: IP_WHITELIST_MAX + 10 }, (_, i) => add(token, `203.0.113.${i + 1}`)),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(IP_WHITELIST_MAX)
    expect(answers.filter((a) => a.status === 422)).toHaveLength(10)
    expect((await list(token)).body.data.items).toHaveLength(IP_WHITELIST_MAX)
  })

  it('refuses what is not a source, and ranges wide enough to open an IP to a whole network', async () => {
    const { token } = await server.newCustomer()
    for (const source of [
      '',
      'localhost',
      '300.1.1.1',
      '10.0.0.0/8',
      '0.0.0.0/0',
      '2001:db8::/32',
      '1.2.3.4/33',
      42,
      'a'.repeat(100),
    ]) {
      const answer = await add(token, source)
      expect(answer.status, String(source)).toBe(400)
      expect(answer.body.code).toBe(errorCatalogue.VALIDATION_FAILED.code)
    }
    expect((await list(token)).body.data.items).toEqual([])
  })

  it("never shows or removes another customer's entry, and asks strangers to sign in", async () => {
    const owner = await server.newCustomer()
    const other = await server.newCustomer()
    const entry = await add(owner.token, '198.51.100.77')
    expect((await list(other.token)).body.data.items).toEqual([])
    const removal = await server.call('DELETE', `/api/user/ip-whitelist/${entry.body.data.id}`, {
      token: other.token,
    })
    expect(removal.status).toBe(404)
    expect((await list(owner.token)).body.data.items).toHaveLength(1)
    expect((await server.call('GET', '/api/user/ip-whitelist')).status).toBe(401)
    expect((await server.call('POST', '/api/user/ip-whitelist', { body: { source: 'x' } })).status).toBe(401)
  })
})
