import type { OverviewSummary } from '@proxy/contract/overview/endpoints'
import { GB } from '@proxy/contract/traffic/endpoints'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buy, fund, stockRegion } from '../../../test/static-ip.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { addNotice } from '../notices/notices.service.ts'
import { seedDemoCatalog } from '../seed/demo-catalog.ts'
import { proxyInstances } from '../static-ip/static-ip.schema.ts'
import { trafficPackages } from '../traffic/traffic.schema.ts'

let server: TestServer
let region: string
beforeAll(async () => {
  server = await startTestServer()
  await seedDemoCatalog(server.db)
  region = await stockRegion(server, 10)
})
afterAll(() => server.close())

const overview = (token: string) => server.call<OverviewSummary>('GET', '/api/user/overview', { token })

describe('overview summary', () => {
  it('counts the customer’s own IPs, expiring IPs, traffic and unread notices', async () => {
    const customer = await server.newCustomer()
    const other = await server.newCustomer()
    await fund(server, customer.email, 200_00)
    await fund(server, other.email, 200_00)
    const bought = await buy(server, customer.token, {
      regionId: region,
      quantity: 3,
      durationDays: 30,
      protocol: 'socks5',
    })
    expect(bought.status).toBe(200)
    await buy(server, other.token, { regionId: region, quantity: 2, durationDays: 30, protocol: 'socks5' })
    const soon = bought.body.data.instances[0]?.id as string
    await server.db
      .update(proxyInstances)
      .set({ expiresAt: sql`now() + interval '3 days'` })
      .where(eq(proxyInstances.id, soon))
    const traffic = await server.call('POST', '/api/orders/traffic', {
      token: customer.token,
      body: { planId: 'gb-10', quantity: 1 },
      headers: { 'idempotency-key': crypto.randomUUID() },
    })
    expect(traffic.status).toBe(200)
    const me = await server.call<{ id: string }>('GET', '/api/user/me', { token: customer.token })
    await addNotice(server.db, { userId: me.body.data.id, kind: 'test', title: 't', body: 'b' })

    const answer = await overview(customer.token)
    expect(answer.status).toBe(200)
    expect(answer.body.data).toEqual({
      balance: 200 - 75 - 30,
      activeInstances: 3,
      expiringInstances: 1,
      trafficRemainingBytes: 10 * GB,
      trafficAccountStatus: 'enabled',
      hasTrafficPackages: true,
      unreadNotices: 1,
    })
    expect((await overview(other.token)).body.data).toMatchObject({
      activeInstances: 2,
      expiringInstances: 0,
      trafficRemainingBytes: 0,
      trafficAccountStatus: 'disabled',
      hasTrafficPackages: false,
      unreadNotices: 0,
    })
    expect((await server.call('GET', '/api/user/overview')).status).toBe(401)
  })

  it('still knows a customer bought traffic once their packages are used up', async () => {
    const customer = await server.newCustomer()
    await fund(server, customer.email, 100_00)
    const traffic = await server.call('POST', '/api/orders/traffic', {
      token: customer.token,
      body: { planId: 'gb-10', quantity: 1 },
      headers: { 'idempotency-key': crypto.randomUUID() },
    })
    expect(traffic.status).toBe(200)
    const me = await server.call<{ id: string }>('GET', '/api/user/me', { token: customer.token })
    await server.db
      .update(trafficPackages)
      .set({ status: 'exhausted', usedBytes: sql`${trafficPackages.totalBytes}` })
      .where(eq(trafficPackages.userId, me.body.data.id))
    expect((await overview(customer.token)).body.data).toMatchObject({
      trafficRemainingBytes: 0,
      trafficAccountStatus: 'disabled',
      hasTrafficPackages: true,
    })
  })

  it('lists static-IP and traffic orders apart by product', async () => {
    const customer = await server.newCustomer()
    await fund(server, customer.email, 200_00)
    await buy(server, customer.token, { regionId: region, quantity: 1, durationDays: 30, protocol: 'socks5' })
    await server.call('POST', '/api/orders/traffic', {
      token: customer.token,
      body: { planId: 'gb-10', quantity: 1 },
      headers: { 'idempotency-key': crypto.randomUUID() },
    })
    type Orders = { total: number; items: { kind: string }[] }
    const list = async (query: string) =>
      (await server.call<Orders>('GET', `/api/orders${query}`, { token: customer.token })).body
    expect((await list('')).data.total).toBe(2)
    expect((await list('?product=static-ip')).data.items.map((o) => o.kind)).toEqual(['new'])
    expect((await list('?product=traffic')).data.items.map((o) => o.kind)).toEqual(['traffic'])
    expect((await list('?product=vpn')).code).toBe(1001)
  })
})
