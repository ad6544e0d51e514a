import { errorCatalogue } from '@proxy/contract/errors'
import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { expectLedgerInvariants } from '../../../test/invariants.ts'
import { balanceOf } from '../../../test/payments.ts'
import { buy, fund, stockRegion } from '../../../test/static-ip.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { orders } from '../orders/orders.schema.ts'
import { ipInventory, proxyInstances } from './static-ip.schema.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterEach(() => expectLedgerInvariants(server.db))
afterAll(() => server.close())

const available = (regionId: string) =>
  server.db.$count(ipInventory, and(eq(ipInventory.regionId, regionId), eq(ipInventory.status, 'available')))

async function fundedCustomer(cents: number) {
  const customer = await server.newCustomer()
  if (cents > 0) await fund(server, customer.email, cents)
  return customer
}

describe('quote', () => {
  it('prices durations with their discount and tells the shortfall', async () => {
    const region = await stockRegion(server, 3, 25_00)
    const { token } = await fundedCustomer(100_00)
    const quote = await server.call('POST', '/api/orders/static-ip/quote', {
      token,
      body: { regionId: region, quantity: 2, durationDays: 90, protocol: 'socks5' },
    })
    expect(quote.body.data).toEqual({
      unitPrice: 71.25,
      quantity: 2,
      durationDays: 90,
      discount: 5,
      saving: 7.5,
      total: 142.5,
      stock: 3,
      balance: 100,
      shortfall: 42.5,
    })
  })

  it('tells no saving for a term without discount', async () => {
    const region = await stockRegion(server, 1, 25_00)
    const { token } = await fundedCustomer(0)
    const quote = await server.call('POST', '/api/orders/static-ip/quote', {
      token,
      body: { regionId: region, quantity: 3, durationDays: 30, protocol: 'socks5' },
    })
    expect(quote.body.data).toMatchObject({ discount: 0, saving: 0, total: 75 })
  })
})

describe('purchase', () => {
  it('allocates addresses, debits the wallet and creates the order and working credentials in one go', async () => {
    const region = await stockRegion(server, 5)
    const { token } = await fundedCustomer(100_00)
    const answer = await buy(server, token, {
      regionId: region,
      quantity: 2,
      durationDays: 30,
      protocol: 'socks5',
    })
    expect(answer.status).toBe(200)
    const { order, instances } = answer.body.data
    expect(order).toMatchObject({ kind: 'new', quantity: 2, total: 50 })
    expect(order.orderNo).toMatch(/^S\d{8}[A-Z0-9]{10}$/)
    expect(instances).toHaveLength(2)
    expect(new Set(instances.map((instance) => instance.ip)).size).toBe(2)
    for (const instance of instances) {
      expect(instance).toMatchObject({ protocol: 'socks5', status: 'active' })
      expect(instance.username).toMatch(/^u[A-Za-z0-9]{9}$/)
      expect(instance.password).toMatch(/^[A-Za-z0-9]{16}$/)
      const days = (new Date(instance.expiresAt).getTime() - Date.now()) / 86_400_000
      expect(days).toBeGreaterThan(29.9)
      expect(days).toBeLessThan(30.1)
    }
    expect(await balanceOf(server, token)).toBe(50)
    expect(await available(region)).toBe(3)
    type Entries = { items: { type: string; amount: number; orderNo: string }[] }
    const billing = await server.call<Entries>('GET', '/api/user/wallet/transactions?type=purchase', {
      token,
    })
    expect(billing.body.data.items).toEqual([
      expect.objectContaining({ type: 'purchase', amount: -50, orderNo: order.orderNo }),
    ])
  })

  it('refuses when the balance is short, with the shortfall, and leaves nothing half-done', async () => {
    const region = await stockRegion(server, 5)
    const { token } = await fundedCustomer(30_00)
    const answer = await buy(server, token, {
      regionId: region,
      quantity: 2,
      durationDays: 30,
      protocol: 'socks5',
    })
    expect(answer.status).toBe(422)
    expect(answer.body).toMatchObject({
      code: errorCatalogue.INSUFFICIENT_BALANCE.code,
      data: { shortfall: 20 },
    })
    expect(await available(region)).toBe(5)
    expect(await balanceOf(server, token)).toBe(30)
    expect((await server.call<{ total: number }>('GET', '/api/orders', { token })).body.data.total).toBe(0)
  })

  it('refuses more than the stock, saying what is left', async () => {
    const region = await stockRegion(server, 2)
    const { token } = await fundedCustomer(500_00)
    const answer = await buy(server, token, {
      regionId: region,
      quantity: 3,
      durationDays: 30,
      protocol: 'vmess',
    })
    expect(answer.status).toBe(409)
    expect(answer.body).toMatchObject({
      code: errorCatalogue.OUT_OF_STOCK.code,
      data: { available: 2, requested: 3 },
    })
    expect(await balanceOf(server, token)).toBe(500)
  })

  it('answers 400 for hostile input and 404 for an unknown region, changing nothing', async () => {
    const region = await stockRegion(server, 2)
    const { token } = await fundedCustomer(500_00)
    const base = { regionId: region, quantity: 1, durationDays: 30, protocol: 'socks5' }
    for (const change of [
      { quantity: 0 },
      { quantity: -1 },
      { quantity: 1.5 },
      { quantity: 1e9 },
      { quantity: '2' },
      { quantity: 101 },
      { durationDays: 31 },
      { protocol: 'http' },
      { regionId: "x'; drop table orders; --" },
      { autoRenew: 'yes' },
      { coupon: 'FREE' },
    ]) {
      const answer = await buy(server, token, { ...base, ...change })
      expect(answer.status, JSON.stringify(change)).toBe(400)
    }
    const unknown = await buy(server, token, { ...base, regionId: 'nowhere' })
    expect(unknown.status).toBe(404)
    expect(unknown.body.code).toBe(errorCatalogue.REGION_UNAVAILABLE.code)
    expect(await balanceOf(server, token)).toBe(500)
    expect(await available(region)).toBe(2)
  })

  it('does one purchase for a retried Idempotency-Key', async () => {
    const region = await stockRegion(server, 5)
    const { token } = await fundedCustomer(100_00)
    const body = { regionId: region, quantity: 1, durationDays: 30, protocol: 'socks5' }
    const answers = [await buy(server, token, body, 'retry-1'), await buy(server, token, body, 'retry-1')]
    expect(answers[1]?.body).toEqual(answers[0]?.body)
    expect(await balanceOf(server, token)).toBe(75)
    expect(await available(region)).toBe(4)
  })
})

describe('concurrency', () => {
  it('200 concurrent buyers for 100 addresses: exactly 100 succeed, all distinct, no charge without an address', async () => {
    const region = await stockRegion(server, 100)
    const buyers = await Promise.all(Array.from({ length: 200 }, () => fundedCustomer(25_00)))
    const answers = await Promise.all(
      buyers.map(({ token }) =>
        buy(server, token, { regionId: region, quantity: 1, durationDays: 30, protocol: 'socks5' }),
      ),
    )
    const won = answers.filter((answer) => answer.status === 200)
    expect(won).toHaveLength(100)
    for (const lost of answers.filter((answer) => answer.status !== 200))
      expect(lost.body.code).toBe(errorCatalogue.OUT_OF_STOCK.code)
    const ips = won.flatMap((answer) => answer.body.data.instances.map((instance) => instance.ip))
    expect(new Set(ips).size).toBe(100)
    expect(await available(region)).toBe(0)
    const balances = await Promise.all(buyers.map(({ token }) => balanceOf(server, token)))
    expect(balances.filter((balance) => balance === 0)).toHaveLength(100)
    expect(balances.filter((balance) => balance === 25)).toHaveLength(100)
    const held = await server.db
      .select()
      .from(proxyInstances)
      .innerJoin(ipInventory, eq(ipInventory.id, proxyInstances.inventoryId))
    const inRegion = held.filter((row) => row.ip_inventory.regionId === region)
    expect(inRegion).toHaveLength(100)
  }, 120_000)

  it('N concurrent purchases against a balance that covers K: exactly K succeed', async () => {
    const region = await stockRegion(server, 20)
    const { token } = await fundedCustomer(75_00)
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        buy(server, token, { regionId: region, quantity: 1, durationDays: 30, protocol: 'socks5' }),
      ),
    )
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3)
    for (const lost of answers.filter((answer) => answer.status !== 200))
      expect(lost.body.code).toBe(errorCatalogue.INSUFFICIENT_BALANCE.code)
    expect(await balanceOf(server, token)).toBe(0)
    expect(await available(region)).toBe(17)
    expect(await server.db.$count(orders, eq(orders.regionId, region))).toBe(3)
  })

  it('40 parallel purchases of one customer, keys sent twice at once, balance for 12: 12 orders, replays answer the same order', async () => {
    const region = await stockRegion(server, 60)
    const { token } = await fundedCustomer(12 * 25_00)
    const body = { regionId: region, quantity: 1, durationDays: 30, protocol: 'socks5' }
    const keys = Array.from({ length: 40 }, (_, i) => `parallel-${i}-${region}`)
    // Each key twice at once: the second is a replay (or 409 while the first still runs), never a second buy.
    const answers = await Promise.all(
      keys.flatMap((key) => [buy(server, token, body, key), buy(server, token, body, key)]),
    )
    const bought = answers.filter(
      (answer) => answer.status === 200 && !answer.headers.get('idempotent-replayed'),
    )
    expect(bought).toHaveLength(12)
    for (const answer of answers)
      if (answer.status !== 200)
        expect([
          errorCatalogue.INSUFFICIENT_BALANCE.code,
          errorCatalogue.IDEMPOTENCY_IN_PROGRESS.code,
        ]).toContain(answer.body.code)
    expect(await balanceOf(server, token)).toBe(0)
    expect(await available(region)).toBe(48)
    expect(await server.db.$count(orders, eq(orders.regionId, region))).toBe(12)
    // Every key again, one at a time: the stored first answer, the same order for those that bought.
    const winners = new Map(bought.map((answer) => [answer.body.data.order.orderNo, answer.body]))
    let replayedOrders = 0
    for (const key of keys) {
      const replay = await buy(server, token, body, key)
      expect(replay.headers.get('idempotent-replayed')).toBe('true')
      if (replay.status === 200) {
        replayedOrders++
        expect(replay.body).toEqual(winners.get(replay.body.data.order.orderNo))
      } else expect(replay.body.code).toBe(errorCatalogue.INSUFFICIENT_BALANCE.code)
    }
    expect(replayedOrders).toBe(12)
    expect(await server.db.$count(orders, eq(orders.regionId, region))).toBe(12)
  })
})
