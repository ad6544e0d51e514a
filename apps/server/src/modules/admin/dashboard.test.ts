// The dashboard over a known set: two purchases (one 10 days old), two top-ups (one 3 days old), stock
// in two regions, a fresh, a stale and a revoked node, traffic pushed by a node, and a failed
// auto-renewal (plus an older one outside the 7 days). Every figure is checked exactly.
import type { Dashboard } from '@proxy/contract/admin/dashboard'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customerWithGoods } from '../../../test/admin-writes/finance.writes.ts'
import { signInOperator } from '../../../test/operators.ts'
import { createTopUp, payInSandbox } from '../../../test/payments.ts'
import { buy, fund, stockRegion } from '../../../test/static-ip.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { addNode, revokeNode } from '../nodes/index.ts'
import { nodes } from '../nodes/nodes.schema.ts'
import { addNotice } from '../notices/index.ts'
import { notices } from '../notices/notices.schema.ts'
import { orders } from '../orders/orders.schema.ts'
import { ipInventory } from '../static-ip/static-ip.schema.ts'
import { topupOrders } from '../wallet/topup.schema.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const MIB = 1024 ** 2
const GIB = 1024 ** 3

let server: TestServer
let seeded: { regionA: string; regionB: string }

const daysAgo = (days: number) => new Date(Date.now() - days * DAY)
const utcDay = (at: Date) => at.toISOString().slice(0, 10)

async function paidTopUp(token: string, amount: number) {
  const topUp = await createTopUp(server, token, amount)
  await payInSandbox(server, topUp.payUrl ?? '')
  return topUp.orderNo
}

async function seed() {
  // Customer A: a static IP (25.00) in region A and a 10 GiB package (30.00), today; a 12.50 top-up
  // today and a 20.00 one paid 3 days ago.
  const a = await customerWithGoods(server)
  const me = await server.call<{ id: string }>('GET', '/api/user/me', { token: a.token })
  await paidTopUp(a.token, 12.5)
  const older = await paidTopUp(a.token, 20)
  await server.db
    .update(topupOrders)
    .set({ paidAt: daysAgo(3) })
    .where(eq(topupOrders.orderNo, older))
  const [regionA] = await server.db
    .select({ regionId: ipInventory.regionId })
    .from(ipInventory)
    .where(sql`${ipInventory.id} = (select inventory_id from proxy_instances where id = ${a.instanceId})`)

  // Customer B: region B stocked with 3 addresses, one bought (25.00, placed 10 days ago) with
  // auto-renew on and an empty wallet, so the renewal fails; one address cooling.
  const b = await server.newCustomer()
  await fund(server, b.email, 25_00)
  const regionB = await stockRegion(server, 3)
  const bought = await buy(server, b.token, {
    regionId: regionB,
    quantity: 1,
    durationDays: 30,
    protocol: 'socks5',
  })
  const instance = bought.body.data.instances[0]
  if (bought.status !== 200 || !instance) throw new Error(JSON.stringify(bought.body))
  await server.db
    .update(orders)
    .set({ createdAt: daysAgo(10) })
    .where(eq(orders.orderNo, bought.body.data.order.orderNo))
  const patched = await server.call('PATCH', `/api/proxy/instances/${instance.id}`, {
    token: b.token,
    body: { autoRenew: true },
  })
  expect(patched.status).toBe(200)
  const renewal = await server.app.lifecycle.autoRenew(new Date(Date.parse(instance.expiresAt) - 10 * HOUR))
  expect(renewal).toEqual({ renewed: 0, failed: 1 })
  const [spare] = await server.db
    .select({ id: ipInventory.id })
    .from(ipInventory)
    .where(and(eq(ipInventory.regionId, regionB), eq(ipInventory.status, 'available')))
    .limit(1)
  await server.db
    .update(ipInventory)
    .set({ status: 'cooling', coolingUntil: new Date(Date.now() + DAY) })
    .where(eq(ipInventory.id, spare?.id ?? ''))
  // A failed auto-renewal 9 days ago: outside the 7 days.
  await addNotice(server.db, {
    userId: me.body.data.id,
    kind: 'auto-renew-failed',
    title: 'old',
    body: 'old',
    params: { count: 4 },
  })
  await server.db
    .update(notices)
    .set({ createdAt: daysAgo(9) })
    .where(eq(notices.title, 'old'))

  // Nodes: one beat just now, one beat 5 minutes ago, one revoked.
  const fresh = await addNode(server.db, 'edge-fresh', 'fresh.example.com')
  const stale = await addNode(server.db, 'edge-stale', 'stale.example.com')
  const gone = await addNode(server.db, 'edge-gone', 'gone.example.com')
  for (const { token } of [fresh, stale, gone])
    expect((await server.call('POST', '/api/node/v1/heartbeat', { token })).status).toBe(200)
  await server.db
    .update(nodes)
    .set({ lastSeenAt: new Date(Date.now() - 5 * 60_000) })
    .where(eq(nodes.id, stale.id))
  await revokeNode(server.db, gone.id)

  // Traffic: customer A's account used 4 MiB, their static IP carried 300 bytes.
  const pushed = await server.call('POST', '/api/node/v1/traffic', {
    token: fresh.token,
    body: {
      reportId: 'dashboard-1',
      records: [
        { kind: 'traffic-account', id: me.body.data.id, upBytes: MIB, downBytes: 3 * MIB },
        { kind: 'instance', id: a.instanceId, upBytes: 100, downBytes: 200 },
      ],
    },
  })
  expect(pushed.status, JSON.stringify(pushed.body)).toBe(200)
  return { regionA: regionA?.regionId ?? '', regionB }
}

beforeAll(async () => {
  server = await startTestServer()
  seeded = await seed()
}, 60_000)
afterAll(() => server.close())

const read = async (role: 'support' | 'finance' | 'operator' | 'owner') => {
  const { cookie } = await signInOperator(server, role)
  return server.call<Dashboard>('GET', '/api/admin/dashboard', { headers: { cookie } })
}

describe('the dashboard', () => {
  it('answers the exact figures of the seeded business', async () => {
    const answer = await read('support')
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const data = answer.body.data
    const today = utcDay(new Date())
    expect(data.timeZone).toBe('UTC')
    expect(data.windows).toEqual({ today, last7Days: utcDay(daysAgo(6)), last30Days: utcDay(daysAgo(29)) })
    expect(data.revenue).toEqual({ today: 55, last7Days: 55, last30Days: 80 })
    expect(data.topUps).toEqual({ today: 12.5, last7Days: 32.5, last30Days: 32.5 })

    expect(data.daily).toHaveLength(30)
    expect(data.daily[0]?.date).toBe(utcDay(daysAgo(29)))
    expect(data.daily.at(-1)).toEqual({ date: today, revenue: 55, topUps: 12.5 })
    const nonZero = data.daily.filter((day) => day.revenue !== 0 || day.topUps !== 0)
    expect(nonZero).toEqual([
      { date: utcDay(daysAgo(10)), revenue: 25, topUps: 0 },
      { date: utcDay(daysAgo(3)), revenue: 0, topUps: 20 },
      { date: today, revenue: 55, topUps: 12.5 },
    ])

    const region = {
      countryCode: 'US',
      country: '美国',
      city: '洛杉矶',
      countryEn: 'United States',
      cityEn: 'Los Angeles',
    }
    expect(data.staticIps.active).toBe(2)
    expect(data.staticIps.regions).toEqual([
      {
        regionId: seeded.regionA,
        ...region,
        isActive: true,
        available: 0,
        allocated: 1,
        cooling: 0,
        activeIps: 1,
      },
      {
        regionId: seeded.regionB,
        ...region,
        isActive: true,
        available: 1,
        allocated: 1,
        cooling: 1,
        activeIps: 1,
      },
    ])

    expect(data.traffic).toEqual({ soldBytes: 10 * GIB, usedBytes: 4 * MIB, staticIpBytes: 300 })
    expect(data.nodes).toEqual({ up: 1, down: 1, total: 2, downAfterSeconds: 60 })
    expect(data.autoRenewals).toEqual({ failed: 1, instances: 1, customers: 1 })
  })

  it('is read alike by every role, and refused without an operator session', async () => {
    const figures = (await read('support')).body.data
    for (const role of ['finance', 'operator', 'owner'] as const) {
      const answer = await read(role)
      expect(answer.status, role).toBe(200)
      expect({ ...answer.body.data, generatedAt: null }).toEqual({ ...figures, generatedAt: null })
    }
    expect((await server.call('GET', '/api/admin/dashboard')).status).toBe(401)
    const customer = await server.newCustomer()
    expect((await server.call('GET', '/api/admin/dashboard', { token: customer.token })).status).toBe(401)
  })
})
