// The instance list at scale: keyword search through the trigram index (migration 0017), the hint
// for keywords too short for it, and totals kept exact by the tally rows.
import { errorCatalogue } from '@proxy/contract/errors'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testRegion } from '../../../test/fixtures.ts'
import { buy, fund, stockRegion } from '../../../test/static-ip.ts'
import { isPostgresRun } from '../../../test/test-db.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { users } from '../auth/auth.schema.ts'
import { instanceFilter } from './instance-list.ts'
import { proxyInstances, proxyInstanceTallies, regions } from './static-ip.schema.ts'

let server: TestServer
let region: string
beforeAll(async () => {
  server = await startTestServer()
  region = await stockRegion(server, 20)
})
afterAll(() => server.close())

type Page = { items: { id: string; ip: string; lineInstanceName: string }[]; total: number }

async function customerWith(quantity: number) {
  const customer = await server.newCustomer()
  await fund(server, customer.email, 1000_00)
  const answer = await buy(server, customer.token, {
    regionId: region,
    quantity,
    durationDays: 30,
    protocol: 'socks5',
  })
  expect(answer.status).toBe(200)
  const [user] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, customer.email))
  return { ...customer, userId: user?.id ?? '', instances: answer.body.data.instances }
}

const list = (token: string, query: string) =>
  server.call<Page>('GET', `/api/proxy/instances?pageSize=100&${query}`, { token })

async function found(token: string, keyword: string) {
  const answer = await list(token, `keyword=${encodeURIComponent(keyword)}`)
  expect(answer.status, keyword).toBe(200)
  expect(answer.body.data.total, keyword).toBe(answer.body.data.items.length)
  return answer.body.data.items.map((item) => item.id).sort()
}

describe('keyword search', () => {
  it('finds instances by part of the address, line name or remark, in any case, and only the caller’s', async () => {
    const alice = await customerWith(4)
    const bob = await customerWith(1)
    const [a, b, c] = alice.instances
    const [bobs] = bob.instances
    if (!a || !b || !c || !bobs) throw new Error('not bought')
    const rename = (id: string, body: Record<string, string>) =>
      server.call('PATCH', `/api/proxy/instances/${id}`, { token: alice.token, body })
    expect((await rename(b.id, { lineInstanceName: 'Tokyo-Gamma 7' })).status).toBe(200)
    expect((await rename(c.id, { remark: 'for the Shop.Backend job\nsecond line' })).status).toBe(200)

    // A whole address or part of one, dots included: every hit holds it, and a is among them
    // (10.0.0.1 also finds 10.0.0.12 when the customer holds both).
    for (const part of [a.ip, a.ip.slice(2)]) {
      const hits = await list(alice.token, `keyword=${part}`)
      expect(hits.body.data.items.map((item) => item.id)).toContain(a.id)
      for (const item of hits.body.data.items) expect(item.ip).toContain(part)
    }
    expect(await found(alice.token, 'gamma 7')).toEqual([b.id])
    expect(await found(alice.token, 'SHOP.BACK')).toEqual([c.id])
    expect(await found(alice.token, 'second line')).toEqual([c.id])
    // The index sees separators as "x": "x" in a keyword still matches only an "x".
    expect(await found(alice.token, a.ip.replaceAll('.', 'x'))).toEqual([])
    // Another customer's address reads like one nobody holds.
    expect(await found(alice.token, bobs.ip)).not.toContain(bobs.id)
    expect(await found(bob.token, bobs.ip)).toEqual([bobs.id])
    // A rename moves the instance to its new name at once.
    expect((await rename(b.id, { lineInstanceName: 'Osaka' })).status).toBe(200)
    expect(await found(alice.token, 'gamma')).toEqual([])
    expect(await found(alice.token, 'osak')).toEqual([b.id])
    // The export takes the same keyword.
    const exported = await fetch(`${server.baseUrl}/api/proxy/instances/export/all?keyword=osaka`, {
      headers: { authorization: `Bearer ${alice.token}` },
    })
    const lines = (await exported.text()).trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain(b.ip)
  })

  it('answers a keyword under 3 characters with a hint instead of scanning', async () => {
    const alice = await customerWith(1)
    for (const keyword of ['1', '10', ' 1 ', '香港', '%']) {
      const answer = await list(alice.token, `keyword=${encodeURIComponent(keyword)}`)
      expect(answer.status, keyword).toBe(400)
      expect(answer.body.code, keyword).toBe(errorCatalogue.KEYWORD_TOO_SHORT.code)
      expect(answer.body.data, keyword).toEqual({ minLength: 3 })
      const exported = await server.call(
        'GET',
        `/api/proxy/instances/export/all?keyword=${encodeURIComponent(keyword)}`,
        {
          token: alice.token,
        },
      )
      expect(exported.status, keyword).toBe(400)
    }
    // No keyword at all is no filter.
    expect((await list(alice.token, 'keyword=')).body.data.total).toBe(1)
    expect((await list(alice.token, 'keyword=%20%20')).body.data.total).toBe(1)
  })
})

describe('totals', () => {
  it('stay exact through status changes and the folding of tally rows', async () => {
    const alice = await customerWith(3)
    const [first] = alice.instances
    if (!first) throw new Error('not bought')
    const totalOf = async (query: string) => (await list(alice.token, query)).body.data.total
    const setStatus = (status: 'active' | 'expired') =>
      server.db.update(proxyInstances).set({ status }).where(eq(proxyInstances.id, first.id))
    await setStatus('expired')
    expect([await totalOf(''), await totalOf('status=active'), await totalOf('status=expired')]).toEqual([
      3, 2, 1,
    ])
    // Each statement appends its delta rows; past 32 a read folds them into one per status.
    for (let i = 0; i < 20; i++) {
      await setStatus('active')
      await setStatus('expired')
    }
    const tallyRows = () =>
      server.db.$count(proxyInstanceTallies, eq(proxyInstanceTallies.userId, alice.userId))
    expect(await tallyRows()).toBeGreaterThan(32)
    expect([await totalOf(''), await totalOf('status=active'), await totalOf('status=expired')]).toEqual([
      3, 2, 1,
    ])
    expect(await tallyRows()).toBeLessThanOrEqual(2)
    expect([await totalOf(''), await totalOf('status=active'), await totalOf('status=expired')]).toEqual([
      3, 2, 1,
    ])
    // A page past the end still answers the total.
    const beyond = await list(alice.token, 'page=9')
    expect(beyond.body.data).toMatchObject({ items: [], total: 3, page: 9 })
    // The other filters count their rows.
    expect(await totalOf('expiringWithinDays=31')).toBe(3)
    expect(await totalOf(`region=${region}&status=active`)).toBe(2)
  })
})

describe.runIf(isPostgresRun())('the trigram index on PostgreSQL', () => {
  it('serves the keyword where the planner would otherwise read every instance of the customer', async () => {
    const customer = await server.newCustomer()
    const [user] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, customer.email))
    const userId = user?.id ?? ''
    const bulk = `bulk-${userId.slice(0, 8)}`
    await server.db.insert(regions).values(testRegion(bulk))
    // 20,000 instances on one account, addresses 172.0.0.1 on (others' are 10.x).
    await server.db.execute(sql`
      with stocked as (
        insert into ip_inventory (region_id, ip, port, node, status)
        select ${bulk}, '172.' || ((g >> 16) & 255) || '.' || ((g >> 8) & 255) || '.' || (g & 255), 1080, 'node-a', 'allocated'
        from generate_series(1, 20000) g
        returning id, ip
      )
      insert into proxy_instances (user_id, inventory_id, order_no, line_instance_name, protocol, username, password, uuid, expires_at)
      select ${userId}, id, 'S00000000BULK000000', 'line ' || ip, 'socks5', 'u' || md5(ip), md5(ip), gen_random_uuid(), now() + interval '30 days'
      from stocked`)
    await server.db.execute(sql`analyze proxy_instances`)
    const filter = instanceFilter(userId, { keyword: '172.0.1' })
    const plan = async () => {
      const answer = (await server.db.execute(
        sql`explain select ${proxyInstances.id} from ${proxyInstances} where ${filter}`,
      )) as unknown as { rows: { 'QUERY PLAN': string }[] }
      return answer.rows.map((row) => row['QUERY PLAN']).join('\n')
    }
    expect(await plan()).toContain('proxy_instances_search_trgm_idx')
    // Without the index, the same query reads the customer's rows one by one.
    await server.db
      .transaction(async (tx) => {
        await tx.execute(sql`drop index proxy_instances_search_trgm_idx`)
        const answer = (await tx.execute(
          sql`explain select ${proxyInstances.id} from ${proxyInstances} where ${filter}`,
        )) as unknown as { rows: { 'QUERY PLAN': string }[] }
        expect(answer.rows.map((row) => row['QUERY PLAN']).join('\n')).toMatch(
          /Seq Scan|proxy_instances_user_/,
        )
        tx.rollback()
      })
      .catch((error: Error) => {
        if (!/rollback/i.test(error.message)) throw error
      })
    expect(await plan()).toContain('proxy_instances_search_trgm_idx')
    // And it answers what a plain scan answers: 172.0.1.x, 172.0.10-19.x on 20,000 addresses.
    const [viaIndex] = await server.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(proxyInstances)
      .where(filter)
    const [plain] = await server.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(proxyInstances)
      .where(and(eq(proxyInstances.userId, userId), sql`${proxyInstances.lineInstanceName} like '%172.0.1%'`))
    expect(viaIndex?.n).toBe(plain?.n)
    expect(viaIndex?.n).toBe(11 * 256)
    const page = await list(customer.token, 'keyword=172.0.1')
    expect(page.body.data.total).toBe(11 * 256)
    expect(page.body.data.items).toHaveLength(100)
    for (const item of page.body.data.items) expect(item.ip).toContain('172.0.1')
  })
})
