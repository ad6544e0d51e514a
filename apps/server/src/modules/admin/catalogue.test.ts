// The catalogue in the operator console: the full list, edits audited with before and after, and a
// price change between a customer's quote and their purchase refused with PRICE_CHANGED (nothing
// charged), after which a purchase at the new price goes through. Discounts come from the table.
import { randomUUID } from 'node:crypto'
import { errorCatalogue } from '@proxy/contract/errors'
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { newPlanBody } from '../../../test/admin-writes/catalogue.writes.ts'
import { expectLedgerInvariants } from '../../../test/invariants.ts'
import { signInOperator } from '../../../test/operators.ts'
import { balanceOf } from '../../../test/payments.ts'
import { type Bought, buy, fund, stockRegion } from '../../../test/static-ip.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { ipInventory, proxyInstances } from '../static-ip/static-ip.schema.ts'
import { operatorAuditLog } from './admin.schema.ts'

let server: TestServer
let cookie: string
beforeAll(async () => {
  server = await startTestServer()
  cookie = (await signInOperator(server, 'operator')).cookie
})
afterEach(() => expectLedgerInvariants(server.db))
afterAll(() => server.close())

type Catalogue = {
  regions: {
    id: string
    pricePer30Days: number
    isActive: boolean
    sortOrder: number
    stock: { available: number; allocated: number; cooling: number; retired: number }
  }[]
  plans: { id: string; price: number; isActive: boolean; sizeBytes: number }[]
  discounts: { durationDays: number; percent: number }[]
}
type Quote = { total: number; unitPrice: number; discount: number }

const SEEDED = [
  { durationDays: 30, percent: 0 },
  { durationDays: 90, percent: 5 },
  { durationDays: 180, percent: 10 },
  { durationDays: 365, percent: 20 },
]

const admin = <T = unknown>(method: string, url: string, body?: unknown) =>
  server.call<T>(method, `/api/admin/catalogue${url}`, { headers: { cookie }, body })
const catalogue = async () => (await admin<Catalogue>('GET', '')).body.data
const setDiscounts = (discounts: { durationDays: number; percent: number }[]) =>
  admin('PUT', '/discounts', { discounts })

async function funded(cents: number) {
  const customer = await server.newCustomer()
  await fund(server, customer.email, cents)
  return customer
}

const quoteIp = (token: string, regionId: string, durationDays = 30, quantity = 1) =>
  server.call<Quote>('POST', '/api/orders/static-ip/quote', {
    token,
    body: { regionId, quantity, durationDays, protocol: 'socks5' },
  })

const latestAudit = async (action: string, target: string) =>
  (
    await server.db
      .select()
      .from(operatorAuditLog)
      .where(and(eq(operatorAuditLog.action, action), eq(operatorAuditLog.target, target)))
      .orderBy(desc(operatorAuditLog.at))
      .limit(1)
  )[0]

describe('the operator catalogue', () => {
  it('lists every region with its stock (inactive too), every plan and the seeded term discounts', async () => {
    const regionId = await stockRegion(server, 3, 20_00)
    expect((await admin('PATCH', `/regions/${regionId}`, { isActive: false, sortOrder: 7 })).status).toBe(200)
    const listed = await catalogue()
    expect(listed.regions.find((region) => region.id === regionId)).toMatchObject({
      pricePer30Days: 20,
      isActive: false,
      sortOrder: 7,
      stock: { available: 3, allocated: 0, cooling: 0, retired: 0 },
    })
    expect(listed.discounts).toEqual(SEEDED)
    const publicCatalogue = await server.call<{ regions: { id: string }[] }>('GET', '/api/catalog/static-ip')
    expect(publicCatalogue.body.data.regions.map((region) => region.id)).not.toContain(regionId)
  })

  it('creates a region and a plan once, and refuses what is out of range', async () => {
    const plan = newPlanBody()
    const made = await admin<Catalogue['plans'][number]>('POST', '/plans', plan)
    expect(made.status).toBe(200)
    expect(made.body.data).toMatchObject({
      id: plan.id,
      price: 9.9,
      isActive: true,
      sizeBytes: plan.sizeBytes,
    })
    const again = await admin('POST', '/plans', plan)
    expect(again.status).toBe(400)
    expect(again.body.code).toBe(errorCatalogue.VALIDATION_FAILED.code)
    expect((await admin('PATCH', `/plans/${plan.id}`, { price: 0 })).status).toBe(400)
    expect((await admin('PATCH', `/plans/${plan.id}`, { price: 1.234 })).status).toBe(400)
    expect((await admin('PATCH', `/plans/${plan.id}`, {})).status).toBe(400)
    expect((await admin('PATCH', '/plans/no-such-plan', { price: 1 })).status).toBe(404)
    expect((await admin('PATCH', '/regions/no-such-region', { isActive: true })).status).toBe(404)
    const tooMuch = SEEDED.map((item) => ({
      ...item,
      percent: item.durationDays === 365 ? 91 : item.percent,
    }))
    expect((await setDiscounts(tooMuch)).status).toBe(400)
    expect((await setDiscounts(SEEDED.slice(1))).status).toBe(400)
    expect((await catalogue()).discounts).toEqual(SEEDED)
  })
})

describe('a price changed between the quote and the purchase', () => {
  it('refuses a static-IP purchase confirmed at the old price, then sells at the new one', async () => {
    const regionId = await stockRegion(server, 2, 25_00)
    const { token } = await funded(100_00)
    const quoted = (await quoteIp(token, regionId)).body.data
    expect(quoted.total).toBe(25)

    const changed = await admin('PATCH', `/regions/${regionId}`, { pricePer30Days: 30 })
    expect(changed.status).toBe(200)
    const audit = await latestAudit('catalogue.region.update', `region:${regionId}`)
    expect(audit?.before).toEqual({ pricePer30Days: 25 })
    expect(audit?.after).toEqual({ pricePer30Days: 30 })

    const body = { regionId, quantity: 1, durationDays: 30, protocol: 'socks5' }
    const refused = await buy(server, token, { ...body, expectedTotal: quoted.total })
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe(errorCatalogue.PRICE_CHANGED.code)
    expect(await balanceOf(server, token)).toBe(100)
    const free = await server.db
      .select()
      .from(ipInventory)
      .where(and(eq(ipInventory.regionId, regionId), eq(ipInventory.status, 'available')))
    expect(free).toHaveLength(2)

    const requoted = (await quoteIp(token, regionId)).body.data
    expect(requoted.total).toBe(30)
    const bought = await buy(server, token, { ...body, expectedTotal: requoted.total })
    expect(bought.status).toBe(200)
    expect(bought.body.data.order.total).toBe(30)
    expect(await balanceOf(server, token)).toBe(70)
  })

  it('refuses a traffic purchase confirmed at the old price, then sells at the new one', async () => {
    const plan = newPlanBody()
    expect((await admin('POST', '/plans', plan)).status).toBe(200)
    const { token } = await funded(50_00)
    const traffic = (url: string, body: unknown) =>
      server.call<Quote & Bought>('POST', `/api/orders/traffic${url}`, {
        token,
        body,
        headers: { 'idempotency-key': randomUUID() },
      })
    const quoted = (await traffic('/quote', { planId: plan.id, quantity: 2 })).body.data
    expect(quoted.total).toBe(19.8)

    expect((await admin('PATCH', `/plans/${plan.id}`, { price: 10.5 })).status).toBe(200)
    const audit = await latestAudit('catalogue.plan.update', `plan:${plan.id}`)
    expect(audit?.before).toEqual({ price: 9.9 })
    expect(audit?.after).toEqual({ price: 10.5 })

    const refused = await traffic('', { planId: plan.id, quantity: 2, expectedTotal: quoted.total })
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe(errorCatalogue.PRICE_CHANGED.code)
    expect(await balanceOf(server, token)).toBe(50)

    const requoted = (await traffic('/quote', { planId: plan.id, quantity: 2 })).body.data
    expect(requoted.total).toBe(21)
    const bought = await traffic('', { planId: plan.id, quantity: 2, expectedTotal: requoted.total })
    expect(bought.status).toBe(200)
    expect(await balanceOf(server, token)).toBe(29)

    // Off sale: the public plans leave it out and a purchase is refused.
    expect((await admin('PATCH', `/plans/${plan.id}`, { isActive: false })).status).toBe(200)
    const plans = await server.call<{ plans: { id: string }[] }>('GET', '/api/catalog/traffic-plans')
    expect(plans.body.data.plans.map((item) => item.id)).not.toContain(plan.id)
    expect((await traffic('', { planId: plan.id, quantity: 1 })).body.code).toBe(
      errorCatalogue.PLAN_UNAVAILABLE.code,
    )
  })

  it('refuses a renewal confirmed at the old price, then renews at the new one', async () => {
    const regionId = await stockRegion(server, 1, 25_00)
    const { token } = await funded(200_00)
    const bought = await buy(server, token, { regionId, quantity: 1, durationDays: 30, protocol: 'socks5' })
    expect(bought.status).toBe(200)
    const ids = bought.body.data.instances.map((instance) => instance.id)
    const expiry = async () =>
      (
        await server.db
          .select()
          .from(proxyInstances)
          .where(eq(proxyInstances.id, ids[0] ?? ''))
      )[0]?.expiresAt
    const before = await expiry()
    const renew = (expectedTotal: number) =>
      server.call<Bought>('POST', '/api/proxy/instances/renew', {
        token,
        body: { ids, durationDays: 90, expectedTotal },
        headers: { 'idempotency-key': randomUUID() },
      })
    // What the customer saw: the public catalogue's 90-day price of the region (25 × 3 less 5 %).
    const publicPrice = async () => {
      const answer = await server.call<{
        regions: { id: string; prices: { durationDays: number; unitPrice: number }[] }[]
      }>('GET', '/api/catalog/static-ip')
      const region = answer.body.data.regions.find((item) => item.id === regionId)
      return region?.prices.find((price) => price.durationDays === 90)?.unitPrice ?? -1
    }
    const seen = await publicPrice()
    expect(seen).toBe(71.25)

    expect((await admin('PATCH', `/regions/${regionId}`, { pricePer30Days: 20 })).status).toBe(200)
    const refused = await renew(seen)
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe(errorCatalogue.PRICE_CHANGED.code)
    expect(await balanceOf(server, token)).toBe(175)
    expect(await expiry()).toEqual(before)

    const now = await publicPrice()
    expect(now).toBe(57)
    const renewed = await renew(now)
    expect(renewed.status).toBe(200)
    expect(renewed.body.data.order.total).toBe(57)
    expect(await balanceOf(server, token)).toBe(118)
  })

  it('prices quotes, the public catalogue and purchases with the discounts the operator set', async () => {
    const regionId = await stockRegion(server, 2, 30_00)
    const { token } = await funded(500_00)
    expect((await quoteIp(token, regionId, 90)).body.data).toMatchObject({ discount: 5, total: 85.5 })

    const changed = SEEDED.map((item) => ({ ...item, percent: item.durationDays === 90 ? 15 : item.percent }))
    expect((await setDiscounts(changed)).status).toBe(200)
    const audit = await latestAudit('catalogue.discounts.set', 'discounts')
    expect(audit?.before).toEqual({ 90: 5 })
    expect(audit?.after).toEqual({ 90: 15 })
    try {
      const quoted = (await quoteIp(token, regionId, 90)).body.data
      expect(quoted).toMatchObject({ discount: 15, unitPrice: 76.5, total: 76.5 })
      const publicCatalogue = await server.call<{
        regions: {
          id: string
          prices: { durationDays: number; discountPercent: number; unitPrice: number }[]
        }[]
      }>('GET', '/api/catalog/static-ip')
      const prices = publicCatalogue.body.data.regions.find((region) => region.id === regionId)?.prices
      expect(prices?.find((price) => price.durationDays === 90)).toEqual({
        durationDays: 90,
        discountPercent: 15,
        unitPrice: 76.5,
      })
      const body = { regionId, quantity: 1, durationDays: 90, protocol: 'socks5' }
      expect((await buy(server, token, { ...body, expectedTotal: 85.5 })).body.code).toBe(
        errorCatalogue.PRICE_CHANGED.code,
      )
      const bought = await buy(server, token, { ...body, expectedTotal: quoted.total })
      expect(bought.status).toBe(200)
      expect(bought.body.data.order.total).toBe(76.5)
      // Without expectedTotal (older clients, auto-renewal) the price of the moment is taken.
      expect((await buy(server, token, body)).body.data.order.total).toBe(76.5)
    } finally {
      await setDiscounts(SEEDED)
    }
  })
})
