// The export without a selection: the list's filters, every file format, only the caller's lines,
// and thousands of lines streamed a page at a time.
import { randomUUID } from 'node:crypto'
import { CSV_EXPORT_COLUMNS, ExportQuery } from '@proxy/contract/static-ip/instances'
import { parse as parseCsv } from 'csv-parse/sync'
import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'
import { type Bought, buy, fund, stockRegion } from '../../../test/static-ip.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { users } from '../auth/auth.schema.ts'
import { exportInstances } from './export.service.ts'
import { ipInventory, proxyInstances } from './static-ip.schema.ts'

let server: TestServer
let east: string
let west: string
beforeAll(async () => {
  server = await startTestServer()
  east = await stockRegion(server, 30)
  west = await stockRegion(server, 30)
})
afterAll(() => server.close())

type Line = Bought['instances'][number]

async function customerWith(orders: { region: string; protocol: 'socks5' | 'vmess'; quantity: number }[]) {
  const customer = await server.newCustomer()
  await fund(server, customer.email, 1000_00)
  const instances: (Line & { regionId: string })[] = []
  for (const { region, protocol, quantity } of orders) {
    const answer = await buy(server, customer.token, {
      regionId: region,
      quantity,
      durationDays: 30,
      protocol,
    })
    expect(answer.status).toBe(200)
    instances.push(...answer.body.data.instances.map((line) => ({ ...line, regionId: region })))
  }
  return { ...customer, instances }
}

const download = async (token: string, path: string) => {
  const response = await fetch(`${server.baseUrl}/api/proxy/instances/export/${path}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    disposition: response.headers.get('content-disposition'),
    headers: response.headers,
    text: await response.text(),
  }
}

const lines = (text: string) => text.split('\n').filter(Boolean)
const today = () => new Date().toISOString().slice(0, 10)

describe('export by filters', () => {
  let alice: Awaited<ReturnType<typeof customerWith>>
  let bob: Awaited<ReturnType<typeof customerWith>>
  beforeAll(async () => {
    alice = await customerWith([
      { region: east, protocol: 'socks5', quantity: 3 },
      { region: west, protocol: 'socks5', quantity: 2 },
      { region: west, protocol: 'vmess', quantity: 1 },
    ])
    // Bob holds lines in the same regions: a filter must never reach them.
    bob = await customerWith([
      { region: east, protocol: 'socks5', quantity: 2 },
      { region: west, protocol: 'vmess', quantity: 1 },
    ])
    const expired = alice.instances[0]
    if (!expired) throw new Error('no instance')
    await server.db.update(proxyInstances).set({ status: 'expired' }).where(eq(proxyInstances.id, expired.id))
  })

  const socks5Hosts = (text: string) => lines(text).map((line) => new URL(line).hostname)

  it('without ids exports the active lines by default, every status with status=any, and none of another customer’s', async () => {
    const active = alice.instances.slice(1)
    const byDefault = await download(alice.token, 'all')
    expect(lines(byDefault.text)).toHaveLength(5)
    const anyStatus = await download(alice.token, 'all?status=any')
    expect(lines(anyStatus.text)).toHaveLength(6)
    const expired = await download(alice.token, 'socks5?status=expired')
    expect(socks5Hosts(expired.text)).toEqual([alice.instances[0]?.ip])
    for (const text of [byDefault.text, anyStatus.text]) {
      for (const line of bob.instances) {
        expect(text).not.toContain(line.password)
        expect(text).not.toContain(line.uuid)
      }
    }
    expect(byDefault.text).not.toContain(alice.instances[0]?.password)
    for (const line of active.filter((item) => item.protocol === 'socks5'))
      expect(byDefault.text).toContain(line.password)
  })

  it('takes the list’s region, keyword and expiry filters, with the protocol from the path', async () => {
    const westSocks = alice.instances.filter((line) => line.regionId === west && line.protocol === 'socks5')
    const region = await download(alice.token, `socks5?region=${west}`)
    expect(socks5Hosts(region.text).sort()).toEqual(westSocks.map((line) => line.ip).sort())
    const vmess = await download(alice.token, `vmess?region=${west}&status=any`)
    expect(lines(vmess.text)).toHaveLength(1)
    expect(vmess.text.startsWith('vmess://')).toBe(true)
    const target = alice.instances[2]
    if (!target) throw new Error('no instance')
    await server.call('PATCH', `/api/proxy/instances/${target.id}`, {
      token: alice.token,
      body: { lineInstanceName: 'export-keyword-zz' },
    })
    const keyword = await download(alice.token, 'all?keyword=keyword-zz')
    expect(socks5Hosts(keyword.text)).toEqual([target.ip])
    // The same filters as the list: both agree on how many lines match.
    const listed = await server.call<{ total: number }>(
      'GET',
      `/api/proxy/instances?region=${west}&status=active`,
      {
        token: alice.token,
      },
    )
    const exported = await download(alice.token, `all?region=${west}&format=json`)
    expect(JSON.parse(exported.text)).toHaveLength(listed.body.data.total)
    expect(lines((await download(alice.token, 'all?expiringWithinDays=3')).text)).toHaveLength(0)
    expect(lines((await download(alice.token, 'all?expiringWithinDays=31')).text)).toHaveLength(5)
    // Bob's filters see only Bob's lines, even in a region Alice also holds.
    const bobs = await download(bob.token, `all?region=${east}&status=any&format=csv`)
    const rows = parseCsv(bobs.text, { bom: true, columns: true }) as Record<string, string>[]
    expect(rows.map((row) => row.address).sort()).toEqual(
      bob.instances
        .filter((line) => line.regionId === east)
        .map((line) => line.ip)
        .sort(),
    )
  })

  it('refuses another customer’s ids with a 404 and no secret, even mixed with the caller’s own', async () => {
    const own = alice.instances[1]
    const other = bob.instances[0]
    if (!own || !other) throw new Error('no instance')
    for (const path of [
      `all?ids=${other.id}`,
      `socks5?ids=${own.id},${other.id}&format=csv`,
      `all?ids=${other.id}&format=json`,
    ]) {
      const answer = await download(alice.token, path)
      expect(answer.status, path).toBe(404)
      expect(answer.text).not.toContain(other.password)
      expect(answer.text).not.toContain(own.password)
    }
    // With ids the filters do not apply: an expired line exports by id, as before.
    const expired = alice.instances[0]
    const byId = await download(alice.token, `socks5?ids=${expired?.id}&region=nowhere`)
    expect(socks5Hosts(byId.text)).toEqual([expired?.ip])
  })

  it('writes HTTP lines for the socks5 lines only, with the same credentials and port', async () => {
    const answer = await download(alice.token, 'all?format=http&status=any')
    expect(answer.type).toBe('text/plain; charset=utf-8')
    expect(answer.disposition).toBe(`attachment; filename="proxies-all-http-${today()}.txt"`)
    const socks = alice.instances.filter((line) => line.protocol === 'socks5')
    const urls = lines(answer.text).map((line) => new URL(line))
    expect(urls).toHaveLength(socks.length)
    for (const url of urls) {
      const match = socks.find((line) => line.ip === url.hostname)
      expect(url.protocol).toBe('http:')
      expect(decodeURIComponent(url.username)).toBe(match?.username)
      expect(decodeURIComponent(url.password)).toBe(match?.password)
      expect(Number(url.port)).toBe(match?.port)
      expect(url.pathname).toBe('/')
    }
    expect(lines((await download(alice.token, 'vmess?format=http')).text)).toHaveLength(0)
  })

  it('neutralises a line name a spreadsheet would run as a formula, as every CSV of ours does', async () => {
    const [line] = alice.instances
    const formula = '=HYPERLINK("http://evil.example","open")'
    const renamed = await server.call('PATCH', `/api/proxy/instances/${line?.id}`, {
      token: alice.token,
      body: { lineInstanceName: formula },
    })
    expect(renamed.status).toBe(200)
    const csv = await download(alice.token, 'all?format=csv&status=any')
    const [, ...records] = parseCsv(csv.text, { bom: true }) as string[][]
    const record = records.find((each) => each[1] === line?.ip)
    expect(record?.[0]).toBe(`'${formula}`)
    // The JSON export keeps the name as it is: only a spreadsheet runs formulas.
    const json = JSON.parse((await download(alice.token, 'all?format=json&status=any')).text) as {
      ip: string
      name: string
    }[]
    expect(json.find((each) => each.ip === line?.ip)?.name).toBe(formula)
  })

  it('writes a CSV with a header row and a JSON array, both parsed back', async () => {
    const csv = await download(alice.token, 'all?format=csv&status=any')
    expect(csv.type).toBe('text/csv; charset=utf-8')
    expect(csv.disposition).toBe(`attachment; filename="proxies-all-csv-${today()}.csv"`)
    const [header, ...records] = parseCsv(csv.text, { bom: true }) as string[][]
    expect(header).toEqual([...CSV_EXPORT_COLUMNS])
    expect(records).toHaveLength(alice.instances.length)
    for (const line of alice.instances)
      expect(records).toContainEqual([
        expect.any(String),
        line.ip,
        String(line.port),
        line.username,
        line.password,
        line.protocol,
        line.regionId,
        expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      ])

    const json = await download(alice.token, 'socks5?format=json&status=any')
    expect(json.type).toBe('application/json; charset=utf-8')
    expect(json.disposition).toBe(`attachment; filename="proxies-socks5-json-${today()}.json"`)
    const entries = JSON.parse(json.text) as {
      id: string
      password: string
      protocol: string
      expiresAt: string
    }[]
    const socks = alice.instances.filter((line) => line.protocol === 'socks5')
    expect(entries.map((entry) => entry.id).sort()).toEqual(socks.map((line) => line.id).sort())
    for (const entry of entries) {
      expect(entry.protocol).toBe('socks5')
      expect(entry.password).toBe(socks.find((line) => line.id === entry.id)?.password)
      expect(entry.expiresAt).toBe(socks.find((line) => line.id === entry.id)?.expiresAt)
    }
    const none = await download(alice.token, 'all?format=json&region=nowhere')
    expect(JSON.parse(none.text)).toEqual([])
    const noCsv = await download(alice.token, 'all?format=csv&region=nowhere')
    expect(parseCsv(noCsv.text, { bom: true })).toEqual([[...CSV_EXPORT_COLUMNS]])
  })

  it('writes Clash by format as by path, and keeps the links format as the default', async () => {
    const byPath = await download(alice.token, 'clash?status=any')
    const byFormat = await download(alice.token, 'all?format=clash&status=any')
    expect(byFormat.type).toBe('text/yaml; charset=utf-8')
    expect(byPath.disposition).toBe(`attachment; filename="proxies-clash-${today()}.yaml"`)
    expect(byFormat.disposition).toBe(`attachment; filename="proxies-all-clash-${today()}.yaml"`)
    expect(byFormat.text).toBe(byPath.text)
    const proxies = (parseYaml(byFormat.text) as { proxies: { type: string; udp?: boolean }[] }).proxies
    // socks5 lines carry UDP through the gateway (UDP ASSOCIATE).
    for (const proxy of proxies.filter((each) => each.type === 'socks5')) expect(proxy.udp).toBe(true)
    expect(proxies.map((proxy) => proxy.type).sort()).toEqual([
      'socks5',
      'socks5',
      'socks5',
      'socks5',
      'socks5',
      'vmess',
    ])
    const socksOnly = parseYaml((await download(alice.token, 'socks5?format=clash&status=any')).text) as {
      proxies: unknown[]
    }
    expect(socksOnly.proxies).toHaveLength(5)
    expect(parseYaml((await download(alice.token, 'clash?region=nowhere')).text)).toEqual({ proxies: [] })
    const links = await download(alice.token, 'socks5?format=links&template=ip:port:user:pass')
    expect(links.disposition).toBe(`attachment; filename="proxies-socks5-${today()}.txt"`)
    for (const line of lines(links.text)) expect(line.split(':')).toHaveLength(4)
  })

  it('refuses bad filters and formats with a 400, and asks for a token first', async () => {
    for (const bad of [
      'all?format=xml',
      'all?status=gone',
      'all?expiringWithinDays=-1',
      `all?region=${'x'.repeat(33)}`,
      'all?page=2',
      'all?sort=createdAt.desc',
    ])
      expect((await download(alice.token, bad)).status, bad).toBe(400)
    const anonymous = await fetch(`${server.baseUrl}/api/proxy/instances/export/all?format=xml`)
    expect(anonymous.status).toBe(401)
  })
})

describe('large exports', () => {
  const SEEDED = 3_000

  /** Seeds lines straight into the database, many sharing one creation time as a bulk purchase does. */
  async function seedLines(userId: string, region: string, quantity: number) {
    const createdAt = new Date('2026-01-02T03:04:05.678Z')
    const inventory = await server.db
      .insert(ipInventory)
      .values(
        Array.from({ length: quantity }, (_, n) => ({
          regionId: region,
          ip: `172.${16 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`,
          port: 30_000 + (n % 1000),
          node: 'node-bulk',
          status: 'allocated' as const,
        })),
      )
      .returning({ id: ipInventory.id })
    const rows = inventory.map((item, n) => ({
      userId,
      inventoryId: item.id,
      orderNo: 'BULK',
      lineInstanceName: `bulk-${n}`,
      protocol: n % 10 === 0 ? ('vmess' as const) : ('socks5' as const),
      username: `bulk${n}`,
      password: `secret-${n}`,
      uuid: randomUUID(),
      expiresAt: new Date(Date.now() + 30 * 24 * 3600 * 1000),
      // Blocks of 700 share a creation time (and microseconds differ inside a few), so the paging
      // must carry the id and the column's full precision.
      createdAt: new Date(createdAt.getTime() + Math.floor(n / 700)),
    }))
    for (let start = 0; start < rows.length; start += 1000)
      await server.db.insert(proxyInstances).values(rows.slice(start, start + 1000))
    // Sub-millisecond times, which a JavaScript Date cannot hold: the cursor must not lose them.
    await server.db
      .update(proxyInstances)
      .set({
        createdAt: sql`${proxyInstances.createdAt} + interval '1 microsecond' * (length(${proxyInstances.username}) % 3)`,
      })
      .where(eq(proxyInstances.orderNo, 'BULK'))
    return rows
  }

  let owner: Awaited<ReturnType<typeof server.newCustomer>>
  let ownerId: string
  let seeded: Awaited<ReturnType<typeof seedLines>>
  beforeAll(async () => {
    owner = await server.newCustomer()
    const [user] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, owner.email))
    if (!user) throw new Error('no user')
    ownerId = user.id
    seeded = await seedLines(ownerId, await stockRegion(server, 1), SEEDED)
  }, 60_000)

  it('streams thousands of lines in pages, each exactly once, to an API token', async () => {
    const created = await server.call<{ token: string }>('POST', '/api/user/api-tokens', {
      token: owner.token,
      body: { name: 'bulk export' },
    })
    const apiToken = created.body.data.token
    const csv = await download(apiToken, 'all?format=csv')
    expect(csv.status).toBe(200)
    // Streamed: no length known up front.
    expect(csv.headers.get('content-length')).toBeNull()
    expect(csv.headers.get('transfer-encoding')).toBe('chunked')
    const records = parseCsv(csv.text, { bom: true, columns: true }) as Record<string, string>[]
    expect(records).toHaveLength(SEEDED)
    expect(new Set(records.map((record) => record.username)).size).toBe(SEEDED)
    expect(records.map((record) => record.password).sort()).toEqual(seeded.map((row) => row.password).sort())

    const json = JSON.parse((await download(apiToken, 'all?format=json')).text) as { id: string }[]
    expect(new Set(json.map((entry) => entry.id)).size).toBe(SEEDED)
    const socks = lines((await download(apiToken, 'socks5')).text)
    expect(socks).toHaveLength(seeded.filter((row) => row.protocol === 'socks5').length)
    const clash = parseYaml((await download(apiToken, 'clash')).text) as { proxies: unknown[] }
    expect(clash.proxies).toHaveLength(SEEDED)
  }, 60_000)

  it('writes each page as it is read, in export order', async () => {
    const query = ExportQuery.parse({ format: 'csv' })
    const file = await exportInstances(server.db, ownerId, 'all', query, { pageSize: 500 })
    const chunks: string[] = []
    for await (const chunk of file.body) chunks.push(String(chunk))
    // The header, then one chunk per page of 500.
    expect(chunks).toHaveLength(1 + SEEDED / 500)
    const records = parseCsv(chunks.join(''), { bom: true, columns: true }) as Record<string, string>[]
    const stored = await server.db
      .select({ username: proxyInstances.username })
      .from(proxyInstances)
      .where(inArray(proxyInstances.userId, [ownerId]))
      .orderBy(proxyInstances.createdAt, proxyInstances.id)
    expect(records.map((record) => record.username)).toEqual(stored.map((row) => row.username))
    // Odd page sizes cut through the shared creation times and still give every line once.
    const small = await exportInstances(server.db, ownerId, 'all', ExportQuery.parse({ format: 'json' }), {
      pageSize: 7,
    })
    let text = ''
    for await (const chunk of small.body) text += String(chunk)
    expect((JSON.parse(text) as { username: string }[]).map((entry) => entry.username)).toEqual(
      stored.map((row) => row.username),
    )
  }, 60_000)
})
