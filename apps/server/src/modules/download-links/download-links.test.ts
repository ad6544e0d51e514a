// Secret download links over real HTTP: the text is the signed-in export's for the same filters, a
// reset or deleted link answers 404 at once, another customer's link is out of reach, a customer
// keeps a few at most, a link is rate-limited, and a token needs the right scopes to make one.

import { errorCatalogue } from '@proxy/contract/errors'
import type { DownloadLink, DownloadLinkSecret } from '@proxy/contract/static-ip/download-links'
import { DOWNLOAD_LINKS_MAX } from '@proxy/contract/static-ip/download-links'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buy, fund, stockRegion } from '../../../test/static-ip.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { users } from '../auth/auth.schema.ts'

const LIMIT_PER_MINUTE = 6

let server: TestServer
let east: string
let west: string
beforeAll(async () => {
  server = await startTestServer({ DOWNLOAD_LINK_LIMIT_PER_MINUTE: String(LIMIT_PER_MINUTE) })
  east = await stockRegion(server, 20)
  west = await stockRegion(server, 20)
})
afterAll(() => server.close())

type Customer = Awaited<ReturnType<TestServer['newCustomer']>> & { passwords: string[] }

async function customerWithLines(): Promise<Customer> {
  const customer = await server.newCustomer()
  await fund(server, customer.email, 500_00)
  const passwords: string[] = []
  for (const [regionId, protocol, quantity] of [
    [east, 'socks5', 2],
    [west, 'socks5', 1],
    [west, 'vmess', 1],
  ] as const) {
    const bought = await buy(server, customer.token, { regionId, quantity, durationDays: 30, protocol })
    expect(bought.status, JSON.stringify(bought.body)).toBe(200)
    passwords.push(...bought.body.data.instances.map((line) => line.password))
  }
  return { ...customer, passwords }
}

const createLink = (token: string, body: Record<string, unknown>) =>
  server.call<DownloadLinkSecret>('POST', '/api/user/download-links', { token, body })

async function newLink(token: string, body: Record<string, unknown> = { name: 'tool' }) {
  const created = await createLink(token, body)
  expect(created.status, JSON.stringify(created.body)).toBe(200)
  return created.body.data
}

/** GET as a tool does: no Authorization, no cookie, no origin. */
async function fetchLink(secret: string) {
  const response = await fetch(`${server.baseUrl}/api/dl/${secret}`)
  return { status: response.status, headers: response.headers, text: await response.text() }
}

async function signedInExport(token: string, path: string) {
  const response = await fetch(`${server.baseUrl}/api/proxy/instances/export/${path}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(response.status).toBe(200)
  return response.text()
}

const tokenWith = async (customer: Customer, scopes: string[]) => {
  const made = await server.call<{ token: string }>('POST', '/api/user/api-tokens', {
    token: customer.token,
    body: { name: scopes.join('+'), scopes },
  })
  expect(made.status, JSON.stringify(made.body)).toBe(200)
  return made.body.data.token
}

let alice: Customer
let bob: Customer
beforeAll(async () => {
  alice = await customerWithLines()
  bob = await customerWithLines()
})

describe('a download link', () => {
  it('answers the same text as the signed-in export for the same filters, as text/plain, without a session', async () => {
    const cases = [
      [{}, 'all'],
      [
        { protocol: 'socks5', region: west, template: 'ip:port:user:pass' },
        `socks5?region=${west}&template=ip:port:user:pass`,
      ],
      [{ protocol: 'vmess' }, 'vmess'],
      [{ protocol: 'socks5', format: 'http', region: east }, `socks5?format=http&region=${east}`],
      [{ format: 'clash' }, 'all?format=clash'],
      [{ format: 'csv', region: east }, `all?format=csv&region=${east}`],
      [{ format: 'json', template: 'user:pass@ip:port' }, 'all?format=json&template=user:pass@ip:port'],
    ] as const
    for (const [filters, exportPath] of cases) {
      const { secret, url, link } = await newLink(alice.token, { name: 'same text', ...filters })
      expect(url.endsWith(`/api/dl/${secret}`)).toBe(true)
      expect(secret.startsWith(link.prefix)).toBe(true)
      const fetched = await fetchLink(secret)
      expect(fetched.status, exportPath).toBe(200)
      expect(fetched.headers.get('content-type')).toBe('text/plain; charset=utf-8')
      expect(fetched.headers.get('cache-control')).toBe('no-store')
      expect(fetched.text.length, exportPath).toBeGreaterThan(20)
      expect(fetched.text, exportPath).toBe(await signedInExport(alice.token, exportPath))
      for (const password of bob.passwords) expect(fetched.text).not.toContain(password)
      await server.call('DELETE', `/api/user/download-links/${link.id}`, { token: alice.token })
    }
  })

  it('keeps to its filters: one region, one protocol', async () => {
    const { secret } = await newLink(alice.token, { name: 'east socks', protocol: 'socks5', region: east })
    const lines = (await fetchLink(secret)).text.split('\n').filter(Boolean)
    expect(lines).toHaveLength(2)
    for (const line of lines) expect(line.startsWith('socks5://')).toBe(true)
  })

  it('is listed without its secret, with when and from where it was last fetched', async () => {
    const customer = await customerWithLines()
    const { secret, link } = await newLink(customer.token, { name: 'listed', format: 'csv' })
    expect(link).toMatchObject({
      name: 'listed',
      protocol: 'all',
      region: null,
      format: 'csv',
      template: 'uri',
    })
    expect(link.lastUsedAt).toBeNull()
    await fetchLink(secret)
    const listed = await server.call<{ items: DownloadLink[]; max: number }>(
      'GET',
      '/api/user/download-links',
      {
        token: customer.token,
      },
    )
    expect(listed.status).toBe(200)
    expect(listed.body.data.max).toBe(DOWNLOAD_LINKS_MAX)
    expect(listed.body.data.items).toHaveLength(1)
    expect(listed.body.data.items[0]).toMatchObject({
      id: link.id,
      prefix: link.prefix,
      lastUsedIp: '127.0.0.1',
    })
    expect(listed.body.data.items[0]?.lastUsedAt).not.toBeNull()
    expect(JSON.stringify(listed.body)).not.toContain(secret)
  })

  it('answers 404 with its old secret as soon as it is reset, and its new one works', async () => {
    const { secret, link } = await newLink(alice.token, { name: 'reset me' })
    expect((await fetchLink(secret)).status).toBe(200)
    const reset = await server.call<DownloadLinkSecret>('POST', `/api/user/download-links/${link.id}/reset`, {
      token: alice.token,
    })
    expect(reset.status).toBe(200)
    expect(reset.body.data.secret).not.toBe(secret)
    expect(reset.body.data.link.id).toBe(link.id)
    const old = await fetchLink(secret)
    expect(old.status).toBe(404)
    expect(JSON.parse(old.text).code).toBe(errorCatalogue.NOT_FOUND.code)
    expect((await fetchLink(reset.body.data.secret)).text).toBe(await signedInExport(alice.token, 'all'))
  })

  it('answers 404 once deleted, and leaves the list', async () => {
    const { secret, link } = await newLink(alice.token, { name: 'delete me' })
    const deleted = await server.call('DELETE', `/api/user/download-links/${link.id}`, { token: alice.token })
    expect(deleted.status).toBe(200)
    expect((await fetchLink(secret)).status).toBe(404)
    const again = await server.call('DELETE', `/api/user/download-links/${link.id}`, { token: alice.token })
    expect(again.status).toBe(404)
    const listed = await server.call<{ items: DownloadLink[] }>('GET', '/api/user/download-links', {
      token: alice.token,
    })
    expect(listed.body.data.items.map((item) => item.id)).not.toContain(link.id)
  })

  it("answers 404 to another customer's link id, and the link goes on working", async () => {
    const { secret, link } = await newLink(bob.token, { name: "bob's" })
    for (const [method, path] of [
      ['POST', `/api/user/download-links/${link.id}/reset`],
      ['DELETE', `/api/user/download-links/${link.id}`],
    ] as const) {
      const answer = await server.call(method, path, { token: alice.token })
      expect(answer.status, `${method} ${path}`).toBe(404)
      expect(JSON.stringify(answer.body)).not.toContain(link.prefix)
    }
    const aliceList = await server.call('GET', '/api/user/download-links', { token: alice.token })
    expect(JSON.stringify(aliceList.body)).not.toContain(link.id)
    expect((await fetchLink(secret)).status).toBe(200)
  })

  it('answers 404 to an unknown or malformed secret, and once its customer is suspended', async () => {
    for (const secret of ['dl_nothing', `dl_${'a'.repeat(43)}`, 'x'])
      expect((await fetchLink(secret)).status, secret).toBe(404)
    const customer = await customerWithLines()
    const { secret } = await newLink(customer.token)
    expect((await fetchLink(secret)).status).toBe(200)
    await server.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.email, customer.email))
    expect((await fetchLink(secret)).status).toBe(404)
  })

  it(`is limited to ${LIMIT_PER_MINUTE} fetches a minute, each link on its own`, async () => {
    const { secret } = await newLink(alice.token, { name: 'polled' })
    for (let fetch = 0; fetch < LIMIT_PER_MINUTE; fetch++) expect((await fetchLink(secret)).status).toBe(200)
    const limited = await fetchLink(secret)
    expect(limited.status).toBe(429)
    expect(JSON.parse(limited.text).code).toBe(errorCatalogue.RATE_LIMITED.code)
    const other = await newLink(alice.token, { name: 'not polled' })
    expect((await fetchLink(other.secret)).status).toBe(200)
  })
})

describe('making download links', () => {
  it(`keeps at most ${DOWNLOAD_LINKS_MAX} per customer`, async () => {
    const customer = await server.newCustomer()
    for (let made = 0; made < DOWNLOAD_LINKS_MAX; made++)
      await newLink(customer.token, { name: `link ${made}` })
    const refused = await createLink(customer.token, { name: 'one more' })
    expect(refused.status).toBe(422)
    expect(refused.body.code).toBe(errorCatalogue.TOO_MANY_DOWNLOAD_LINKS.code)
  })

  it('refuses bad input with 400 and makes nothing', async () => {
    const customer = await server.newCustomer()
    for (const body of [
      { name: '' },
      { name: 'x', region: 'no-such-region' },
      { name: 'x', region: 'NOT VALID' },
      { name: 'x', format: 'xml' },
      { name: 'x', protocol: 'http' },
      { name: 'x', secret: 'mine' },
    ]) {
      const answer = await createLink(customer.token, body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
    }
    const listed = await server.call<{ items: unknown[] }>('GET', '/api/user/download-links', {
      token: customer.token,
    })
    expect(listed.body.data.items).toEqual([])
  })

  it('needs manage and read from an API token: a manage-only token cannot make itself a way to read', async () => {
    const readOnly = await tokenWith(alice, ['read'])
    const manageOnly = await tokenWith(alice, ['manage'])
    const both = await tokenWith(alice, ['read', 'manage'])
    expect((await server.call('GET', '/api/user/download-links', { token: readOnly })).status).toBe(200)
    const cases = [
      [readOnly, 'manage'],
      [manageOnly, 'read'],
    ] as const
    for (const [token, missing] of cases) {
      const refused = await createLink(token, { name: 'by token' })
      expect(refused.status).toBe(403)
      expect(refused.body.code).toBe(errorCatalogue.SCOPE_REQUIRED.code)
      expect(refused.body.message).toContain(`"${missing}"`)
      expect(refused.body.data).toEqual({ scope: missing })
    }
    const { link, secret } = await newLink(both, { name: 'by token' })
    const reset = await server.call('POST', `/api/user/download-links/${link.id}/reset`, {
      token: manageOnly,
    })
    expect(reset.status).toBe(403)
    expect((await fetchLink(secret)).status).toBe(200)
    expect(
      (await server.call('DELETE', `/api/user/download-links/${link.id}`, { token: manageOnly })).status,
    ).toBe(200)
  })
})
