import { errorCatalogue } from '@proxy/contract/errors'
import { GB } from '@proxy/contract/traffic/endpoints'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { expectLedgerInvariants } from '../../../test/invariants.ts'
import { balanceOf } from '../../../test/payments.ts'
import { fund } from '../../../test/static-ip.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { DEMO_TRAFFIC_PLANS, seedDemoCatalog } from '../seed/demo-catalog.ts'
import { trafficPackages } from './traffic.schema.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
  await seedDemoCatalog(server.db)
})
afterEach(() => expectLedgerInvariants(server.db))
afterAll(() => server.close())

type Package = { id: string; totalBytes: number; remainingBytes: number; status: string; expiresAt: string }
type Packages = {
  items: Package[]
  total: number
  summary: { remainingBytes: number; activeCount: number; nextExpiry: string | null }
}
type Account = {
  username: string
  password: string
  status: string
  remainingBytes: number
  endpoints: unknown[]
}

const buyTraffic = (token: string, body: unknown, key: string = crypto.randomUUID()) =>
  server.call<{ order: { orderNo: string; kind: string; total: number }; packages: Package[] }>(
    'POST',
    '/api/orders/traffic',
    {
      token,
      body,
      headers: { 'idempotency-key': key },
    },
  )

async function funded(cents: number) {
  const customer = await server.newCustomer()
  if (cents > 0) await fund(server, customer.email, cents)
  return customer
}

describe('traffic plans and packages', () => {
  it('publishes plans with the price per GB, without a token', async () => {
    const answer = await server.call<{
      plans: { id: string; price: number; pricePerGb: number; sizeBytes: number }[]
    }>('GET', '/api/catalog/traffic-plans')
    expect(answer.body.data.plans.map((plan) => plan.id)).toEqual(DEMO_TRAFFIC_PLANS.map((plan) => plan.id))
    expect(answer.body.data.plans[0]).toMatchObject({ price: 30, sizeBytes: 10 * GB, pricePerGb: 3 })
  })

  it('quotes an order on the server: price, size, validity and the shortfall, changing nothing', async () => {
    const { token } = await funded(50_00)
    const quote = (body: unknown, signedIn = true) =>
      server.call('POST', '/api/orders/traffic/quote', { token: signedIn ? token : undefined, body })
    const two = await quote({ planId: 'gb-10', quantity: 2 })
    expect(two.status).toBe(200)
    expect(two.body.data).toEqual({
      unitPrice: 30,
      quantity: 2,
      totalBytes: 20 * GB,
      validityDays: DEMO_TRAFFIC_PLANS[0]?.validityDays,
      total: 60,
      balance: 50,
      shortfall: 10,
    })
    expect((await quote({ planId: 'gb-10', quantity: 1 })).body.data).toMatchObject({
      total: 30,
      shortfall: 0,
    })
    expect((await quote({ planId: 'gb-9999', quantity: 1 })).body.code).toBe(
      errorCatalogue.PLAN_UNAVAILABLE.code,
    )
    expect((await quote({ planId: 'gb-10', quantity: 21 })).status).toBe(400)
    expect((await quote({ planId: 'gb-10', quantity: 1 }, false)).status).toBe(401)
    expect(await balanceOf(server, token)).toBe(50)
    expect(
      (await server.call<Packages>('GET', '/api/user/traffic-packages', { token })).body.data.total,
    ).toBe(0)
  })

  it('buys packages through the ledger and enables the traffic account', async () => {
    const { token } = await funded(100_00)
    const before = await server.call<Account>('GET', '/api/user/traffic-account', { token })
    expect(before.body.data).toMatchObject({ status: 'disabled', remainingBytes: 0 })
    const bought = await buyTraffic(token, { planId: 'gb-10', quantity: 2 })
    expect(bought.status).toBe(200)
    expect(bought.body.data.order).toMatchObject({ kind: 'traffic', total: 60 })
    expect(bought.body.data.order.orderNo).toMatch(/^F\d{8}/)
    expect(bought.body.data.packages).toHaveLength(2)
    expect(await balanceOf(server, token)).toBe(40)
    const account = await server.call<Account>('GET', '/api/user/traffic-account', { token })
    expect(account.body.data).toMatchObject({
      status: 'enabled',
      remainingBytes: 20 * GB,
      username: before.body.data.username,
    })
    const list = await server.call<Packages>('GET', '/api/user/traffic-packages', { token })
    expect(list.body.data.summary).toMatchObject({ remainingBytes: 20 * GB, activeCount: 2 })
    expect(
      list.body.data.items.every((item) => item.status === 'active' && item.remainingBytes === 10 * GB),
    ).toBe(true)
    const orders = await server.call<{ total: number }>('GET', '/api/orders?kind=traffic', { token })
    expect(orders.body.data.total).toBe(1)
  })

  it('refuses a short balance with the shortfall, an unknown plan, and hostile input', async () => {
    const { token } = await funded(20_00)
    const short = await buyTraffic(token, { planId: 'gb-10', quantity: 1 })
    expect(short.status).toBe(422)
    expect(short.body).toMatchObject({
      code: errorCatalogue.INSUFFICIENT_BALANCE.code,
      data: { shortfall: 10 },
    })
    const unknown = await buyTraffic(token, { planId: 'gb-9999', quantity: 1 })
    expect(unknown.status).toBe(404)
    expect(unknown.body.code).toBe(errorCatalogue.PLAN_UNAVAILABLE.code)
    for (const body of [
      { planId: 'gb-10', quantity: 0 },
      { planId: 'gb-10', quantity: 1.5 },
      { planId: 'gb-10' },
      { planId: 'gb-10', quantity: 1, bonus: 1 },
    ])
      expect((await buyTraffic(token, body)).status).toBe(400)
    expect(await balanceOf(server, token)).toBe(20)
    expect(
      (await server.call<Packages>('GET', '/api/user/traffic-packages', { token })).body.data.total,
    ).toBe(0)
  })

  it('buys once per Idempotency-Key, and exactly as many as the balance covers under concurrency', async () => {
    const { token } = await funded(90_00)
    const first = await buyTraffic(token, { planId: 'gb-10', quantity: 1 }, 'same')
    expect((await buyTraffic(token, { planId: 'gb-10', quantity: 1 }, 'same')).body).toEqual(first.body)
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => buyTraffic(token, { planId: 'gb-10', quantity: 1 })),
    )
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2)
    expect(await balanceOf(server, token)).toBe(0)
    expect(
      (await server.call<Packages>('GET', '/api/user/traffic-packages', { token })).body.data.total,
    ).toBe(3)
  })

  it('counts an expired package as expired and out of the remaining bytes', async () => {
    const { token } = await funded(30_00)
    const bought = await buyTraffic(token, { planId: 'gb-10', quantity: 1 })
    const id = bought.body.data.packages[0]?.id ?? ''
    await server.db
      .update(trafficPackages)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(trafficPackages.id, id))
    const list = await server.call<Packages>('GET', '/api/user/traffic-packages?status=expired', { token })
    expect(list.body.data.items.map((item) => item.status)).toEqual(['expired'])
    expect(list.body.data.summary).toMatchObject({ remainingBytes: 0, activeCount: 0, nextExpiry: null })
    const account = await server.call<Account>('GET', '/api/user/traffic-account', { token })
    expect(account.body.data.status).toBe('disabled')
  })

  it('resets the traffic-account password', async () => {
    const { token } = await funded(0)
    const before = await server.call<Account>('GET', '/api/user/traffic-account', { token })
    const after = await server.call<Account>('POST', '/api/user/traffic-account/reset-password', { token })
    expect(after.body.data.password).not.toBe(before.body.data.password)
    expect(after.body.data.username).toBe(before.body.data.username)
    expect((await server.call('GET', '/api/user/traffic-account')).status).toBe(401)
  })
})
