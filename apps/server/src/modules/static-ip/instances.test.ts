import { errorCatalogue } from '@proxy/contract/errors'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { expectLedgerInvariants } from '../../../test/invariants.ts'
import { balanceOf } from '../../../test/payments.ts'
import { type Bought, buy, fund, stockRegion } from '../../../test/static-ip.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { importInventoryCsv } from './inventory.service.ts'

let server: TestServer
let region: string
beforeAll(async () => {
  server = await startTestServer()
  region = await stockRegion(server, 60)
})
afterEach(() => expectLedgerInvariants(server.db))
afterAll(() => server.close())

async function customerWith(socks5: number, vmess = 0, cents = 1000_00) {
  const customer = await server.newCustomer()
  await fund(server, customer.email, cents)
  const bought: Bought['instances'] = []
  for (const [protocol, quantity] of [
    ['socks5', socks5],
    ['vmess', vmess],
  ] as const)
    if (quantity > 0) {
      const answer = await buy(server, customer.token, {
        regionId: region,
        quantity,
        durationDays: 30,
        protocol,
      })
      expect(answer.status).toBe(200)
      bought.push(...answer.body.data.instances)
    }
  return { ...customer, instances: bought }
}

const exportText = async (token: string, path: string) => {
  const response = await fetch(`${server.baseUrl}/api/proxy/instances/export/${path}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() }
}

type Page = { items: { id: string; lineInstanceName: string; ip: string }[]; total: number }

describe('instances', () => {
  it('lists only the caller’s instances, with filters', async () => {
    const alice = await customerWith(2, 1)
    await customerWith(1)
    const all = await server.call<Page>('GET', '/api/proxy/instances', { token: alice.token })
    expect(all.body.data.total).toBe(3)
    const first = alice.instances[0]
    if (!first) throw new Error('no instance')
    const byIp = await server.call<Page>('GET', `/api/proxy/instances?keyword=${first.ip}`, {
      token: alice.token,
    })
    // A substring search: 10.0.0.1 also finds 10.0.0.12 when the customer holds both.
    expect(byIp.body.data.items.map((item) => item.id)).toContain(first.id)
    for (const item of byIp.body.data.items) expect(item.ip).toContain(first.ip)
    const soon = await server.call<Page>('GET', '/api/proxy/instances?expiringWithinDays=3', {
      token: alice.token,
    })
    expect(soon.body.data.total).toBe(0)
    const month = await server.call<Page>(
      'GET',
      '/api/proxy/instances?expiringWithinDays=31&sort=expiresAt.asc',
      {
        token: alice.token,
      },
    )
    expect(month.body.data.total).toBe(3)
    const elsewhere = await server.call<Page>('GET', '/api/proxy/instances?region=nowhere', {
      token: alice.token,
    })
    expect(elsewhere.body.data.total).toBe(0)
    // LIKE's wildcards match only themselves (unescaped, "%_%" would match every instance).
    const wildcard = await server.call<Page>('GET', '/api/proxy/instances?keyword=%25_%25', {
      token: alice.token,
    })
    expect(wildcard.body.data.total).toBe(0)
    for (const query of ['status=gone', 'sort=ip', 'page=0', 'expiringWithinDays=-1', 'pageSize=500'])
      expect(
        (await server.call('GET', `/api/proxy/instances?${query}`, { token: alice.token })).status,
        query,
      ).toBe(400)
  })

  it('pages through each sort, with or without a keyword, in one stable order', async () => {
    // One purchase: the five share a creation and an expiry time, so the id breaks every tie. Each
    // list shape is one statement prepared once, and each page binds its own page, size and keyword.
    const alice = await customerWith(5)
    const [first] = alice.instances
    if (!first) throw new Error('no instance')
    const keyword = encodeURIComponent(first.lineInstanceName.split('-').slice(0, 2).join('-'))
    for (const sort of ['createdAt.desc', 'expiresAt.asc', 'expiresAt.desc'])
      for (const filter of ['', `&keyword=${keyword}`]) {
        const page = async (query: string) =>
          (
            await server.call<Page>('GET', `/api/proxy/instances?sort=${sort}${filter}&${query}`, {
              token: alice.token,
            })
          ).body.data
        const whole = await page('pageSize=100')
        expect(whole.total, sort + filter).toBe(5)
        const pages = [
          await page('pageSize=2'),
          await page('pageSize=2&page=2'),
          await page('pageSize=2&page=3'),
        ]
        expect(pages.map((each) => each.total)).toEqual([5, 5, 5])
        expect(pages.flatMap((each) => each.items.map((item) => item.id))).toEqual(
          whole.items.map((item) => item.id),
        )
        expect(await page('pageSize=2&page=4')).toMatchObject({ items: [], total: 5, page: 4 })
      }
    // The list's items (built by the database) read exactly as the instance's own answer does.
    const listed = await server.call<{ items: Record<string, unknown>[] }>('GET', '/api/proxy/instances', {
      token: alice.token,
    })
    for (const item of listed.body.data.items) {
      const own = await server.call<Record<string, unknown>>('GET', `/api/proxy/instances/${item.id}`, {
        token: alice.token,
      })
      const { connection: _connection, ...instance } = own.body.data
      expect(item).toEqual(instance)
    }
  })

  it('shows connection strings, renames, switches auto-renew and resets credentials', async () => {
    const { token, instances } = await customerWith(0, 1)
    const [instance] = instances
    if (!instance) throw new Error('no instance')
    type Detail = {
      connection: { socks5: string; vmess: string | null }
      password: string
      lineInstanceName: string
    }
    const detail = await server.call<Detail>('GET', `/api/proxy/instances/${instance.id}`, { token })
    expect(detail.body.data.connection.vmess).toMatch(/^vmess:\/\//)
    expect(detail.body.data.connection.socks5).toContain(instance.password)
    const renamed = await server.call<Detail>('PATCH', `/api/proxy/instances/${instance.id}`, {
      token,
      body: { lineInstanceName: '  我的 线路#1  ', autoRenew: true },
    })
    expect(renamed.body.data).toMatchObject({ lineInstanceName: '我的 线路#1', autoRenew: true })
    for (const body of [
      {},
      { lineInstanceName: '' },
      { lineInstanceName: 'x'.repeat(65) },
      { autoRenew: 'on' },
      { ip: '1.1.1.1' },
    ])
      expect(
        (await server.call('PATCH', `/api/proxy/instances/${instance.id}`, { token, body })).status,
      ).toBe(400)
    const reset = await server.call<Detail>('POST', `/api/proxy/instances/${instance.id}/reset-credentials`, {
      token,
    })
    expect(reset.body.data.password).not.toBe(instance.password)
    expect(reset.body.data.connection.socks5).toContain(encodeURIComponent('我的 线路#1'))
  })

  it('answers 404 on every id route for another customer’s instance, and changes nothing', async () => {
    const alice = await customerWith(1)
    const mallory = await customerWith(0)
    const [instance] = alice.instances
    if (!instance) throw new Error('no instance')
    const attempts = [
      server.call('GET', `/api/proxy/instances/${instance.id}`, { token: mallory.token }),
      server.call('PATCH', `/api/proxy/instances/${instance.id}`, {
        token: mallory.token,
        body: { lineInstanceName: 'mine' },
      }),
      server.call('POST', `/api/proxy/instances/${instance.id}/reset-credentials`, { token: mallory.token }),
      server.call('POST', '/api/proxy/instances/renew', {
        token: mallory.token,
        body: { ids: [instance.id], durationDays: 30 },
        headers: { 'idempotency-key': 'steal' },
      }),
    ]
    for (const answer of await Promise.all(attempts)) {
      expect(answer.status).toBe(404)
      expect(answer.body.code).toBe(errorCatalogue.NOT_FOUND.code)
    }
    const exported = await exportText(mallory.token, `all?ids=${instance.id}`)
    expect(exported.status).toBe(404)
    expect(exported.text).not.toContain(instance.password)
    expect(await balanceOf(server, mallory.token)).toBe(1000)
    const mine = await server.call<{ password: string; lineInstanceName: string }>(
      'GET',
      `/api/proxy/instances/${instance.id}`,
      {
        token: alice.token,
      },
    )
    expect(mine.body.data).toMatchObject({
      password: instance.password,
      lineInstanceName: instance.lineInstanceName,
    })
    const otherOrder = await server.call('GET', `/api/orders/${instance.id}`, { token: mallory.token })
    expect(otherOrder.status).toBe(400)
  })
})

describe('exports', () => {
  it('socks5 lines parse back as URLs with the right credentials, in every template', async () => {
    const { token, instances } = await customerWith(2, 1)
    const socks = instances.filter((instance) => instance.protocol === 'socks5')
    const uri = await exportText(token, 'socks5')
    expect(uri.type).toBe('text/plain; charset=utf-8')
    const lines = uri.text.trim().split('\n')
    expect(lines).toHaveLength(2)
    for (const line of lines) {
      const url = new URL(line)
      const match = socks.find((instance) => instance.ip === url.hostname)
      expect(url.protocol).toBe('socks5:')
      expect(match).toBeDefined()
      expect(decodeURIComponent(url.username)).toBe(match?.username)
      expect(decodeURIComponent(url.password)).toBe(match?.password)
      expect(Number(url.port)).toBe(match?.port)
      expect(decodeURIComponent(url.hash.slice(1))).toBe(match?.lineInstanceName)
    }
    const colon = (await exportText(token, 'socks5?template=ip:port:user:pass')).text.trim().split('\n')
    expect(colon[0]?.split(':')).toHaveLength(4)
    const at = (await exportText(token, 'socks5?template=user:pass@ip:port')).text.trim().split('\n')
    expect(at[0]).toMatch(/^[^:]+:[^@]+@[\d.]+:\d+$/)
  })

  it('vmess lines decode to the v2rayN ver-2 JSON', async () => {
    const { token, instances } = await customerWith(1, 2)
    const vmess = instances.filter((instance) => instance.protocol === 'vmess')
    const lines = (await exportText(token, 'vmess')).text.trim().split('\n')
    expect(lines).toHaveLength(2)
    for (const line of lines) {
      expect(line.startsWith('vmess://')).toBe(true)
      const config = JSON.parse(Buffer.from(line.slice('vmess://'.length), 'base64').toString('utf8'))
      const match = vmess.find((instance) => instance.uuid === config.id)
      expect(match).toBeDefined()
      expect(config).toEqual({
        v: '2',
        ps: match?.lineInstanceName,
        add: match?.ip,
        port: String(match?.port),
        id: match?.uuid,
        aid: '0',
        scy: 'auto',
        net: 'tcp',
        type: 'none',
        host: '',
        path: '',
        tls: '',
        sni: '',
      })
    }
    const all = (await exportText(token, 'all')).text.trim().split('\n')
    expect(all.filter((line) => line.startsWith('socks5://'))).toHaveLength(1)
    expect(all.filter((line) => line.startsWith('vmess://'))).toHaveLength(2)
  })

  it('the Clash file parses as YAML with unique names, and selected ids narrow every export', async () => {
    const { token, instances } = await customerWith(2, 1)
    const [first, second] = instances
    if (!first || !second) throw new Error('no instances')
    await server.call('PATCH', `/api/proxy/instances/${first.id}`, {
      token,
      body: { lineInstanceName: 'same' },
    })
    await server.call('PATCH', `/api/proxy/instances/${second.id}`, {
      token,
      body: { lineInstanceName: 'same' },
    })
    const clash = await exportText(token, 'clash')
    expect(clash.type).toBe('text/yaml; charset=utf-8')
    const document = parse(clash.text) as { proxies: { name: string; type: string; server: string }[] }
    expect(document.proxies).toHaveLength(3)
    expect(new Set(document.proxies.map((proxy) => proxy.name)).size).toBe(3)
    expect(document.proxies.map((proxy) => proxy.type).sort()).toEqual(['socks5', 'socks5', 'vmess'])
    const picked = await exportText(token, `socks5?ids=${first.id}`)
    expect(picked.text.trim().split('\n')).toHaveLength(1)
    expect(picked.text).toContain(first.password)
    for (const bad of ['ftp', 'all?ids=nope', 'all?status=gone', 'socks5?template=csv', 'all?extra=1'])
      expect((await exportText(token, bad)).status, bad).toBe(400)
  })

  it('works with an API token, as scripts use it', async () => {
    const { token, instances } = await customerWith(1)
    const created = await server.call<{ token: string }>('POST', '/api/user/api-tokens', {
      token,
      body: { name: 'sync' },
    })
    const exported = await exportText(created.body.data.token, 'socks5')
    expect(exported.status).toBe(200)
    expect(exported.text).toContain(instances[0]?.password)
  })
})

describe('inventory import', () => {
  it('imports valid rows and reports each reject with its line number', async () => {
    const csv = [
      'region_id,ip,port,node',
      `${region},192.0.2.250,1080,node-x`,
      'nowhere,192.0.2.251,1080,node-x',
      `${region},999.1.1.1,1080,node-x`,
      `${region},192.0.2.252,70000,node-x`,
      `${region},192.0.2.250,1080,node-x`,
      `${region},2001:db8::1,1080,node-x`,
    ].join('\n')
    const result = await importInventoryCsv(server.db, csv)
    expect(result.imported).toBe(2)
    expect(result.rejected.map((reject) => reject.line)).toEqual([3, 4, 5, 6])
    expect(result.rejected[0]?.reason).toContain('unknown region')
    const again = await importInventoryCsv(
      server.db,
      `region_id,ip,port,node\n${region},192.0.2.250,1080,node-x`,
    )
    expect(again).toEqual({
      imported: 0,
      rejected: [{ line: 2, reason: '192.0.2.250:1080 is already in the inventory' }],
    })
  })
})
