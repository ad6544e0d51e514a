import { errorCatalogue } from '@proxy/contract/errors'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { expectLedgerInvariants } from '../../../test/invariants.ts'
import { balanceOf } from '../../../test/payments.ts'
import { type Bought, buy, fund, stockRegion } from '../../../test/static-ip.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { ipInventory, proxyInstances } from './static-ip.schema.ts'

let server: TestServer
let region: string
beforeAll(async () => {
  server = await startTestServer()
  region = await stockRegion(server, 40, 25_00)
})
afterEach(() => expectLedgerInvariants(server.db))
afterAll(() => server.close())

const DAY = 86_400_000

async function owner(quantity: number, cents: number) {
  const customer = await server.newCustomer()
  await fund(server, customer.email, cents)
  const answer = await buy(server, customer.token, {
    regionId: region,
    quantity,
    durationDays: 30,
    protocol: 'socks5',
  })
  expect(answer.status).toBe(200)
  return { ...customer, instances: answer.body.data.instances }
}

const renew = (token: string, ids: string[], durationDays = 30, key: string = crypto.randomUUID()) =>
  server.call<Bought>('POST', '/api/proxy/instances/renew', {
    token,
    body: { ids, durationDays },
    headers: { 'idempotency-key': key },
  })

const expiryOf = async (id: string) =>
  (await server.db.select().from(proxyInstances).where(eq(proxyInstances.id, id)))[0]?.expiresAt.getTime() ??
  0

describe('renewal', () => {
  it('extends from the current expiry, creates a renewal order and debits once per key', async () => {
    const { token, instances } = await owner(2, 50_00 + 71_25 * 2)
    const ids = instances.map((instance) => instance.id)
    const before = await Promise.all(ids.map(expiryOf))
    const answer = await renew(token, ids, 90, 'renew-1')
    expect(answer.status).toBe(200)
    expect(answer.body.data.order).toMatchObject({ kind: 'renewal', quantity: 2, total: 142.5 })
    expect(answer.body.data.order.orderNo).toMatch(/^R\d{8}/)
    const after = await Promise.all(ids.map(expiryOf))
    for (const [i, expiry] of after.entries()) expect(expiry - (before[i] ?? 0)).toBe(90 * DAY)
    expect((await renew(token, ids, 90, 'renew-1')).body).toEqual(answer.body)
    expect(await balanceOf(server, token)).toBe(0)

    type Orders = { items: { kind: string; orderNo: string }[]; total: number }
    const list = await server.call<Orders>('GET', '/api/orders', { token })
    expect(list.body.data.items.map((order) => order.kind)).toEqual(['renewal', 'new'])
    const renewals = await server.call<Orders>('GET', '/api/orders?kind=renewal', { token })
    expect(renewals.body.data.total).toBe(1)
    const detail = await server.call<Bought>('GET', `/api/orders/${answer.body.data.order.orderNo}`, {
      token,
    })
    expect(detail.body.data.instances.map((instance) => instance.id).sort()).toEqual([...ids].sort())
  })

  it('is all or nothing: a short balance or a foreign id renews nothing', async () => {
    const { token, instances } = await owner(2, 50_00 + 25_00)
    const ids = instances.map((instance) => instance.id)
    const before = await Promise.all(ids.map(expiryOf))
    const short = await renew(token, ids)
    expect(short.status).toBe(422)
    expect(short.body).toMatchObject({
      code: errorCatalogue.INSUFFICIENT_BALANCE.code,
      data: { shortfall: 25 },
    })
    const stranger = await owner(1, 25_00)
    const mixed = await renew(token, [ids[0] ?? '', stranger.instances[0]?.id ?? ''])
    expect(mixed.status).toBe(404)
    expect(await Promise.all(ids.map(expiryOf))).toEqual(before)
    expect(await balanceOf(server, token)).toBe(25)
  })

  it('refuses released instances', async () => {
    const { token, instances } = await owner(1, 50_00)
    const id = instances[0]?.id ?? ''
    // As the release job does after the grace period: the address goes back to cooling.
    const [released] = await server.db
      .update(proxyInstances)
      .set({ status: 'released', releasedAt: new Date() })
      .where(eq(proxyInstances.id, id))
      .returning()
    await server.db
      .update(ipInventory)
      .set({ status: 'cooling' })
      .where(eq(ipInventory.id, released?.inventoryId ?? ''))
    const answer = await renew(token, [id])
    expect(answer.status).toBe(409)
    expect(answer.body.code).toBe(errorCatalogue.INSTANCE_NOT_RENEWABLE.code)
    expect(await balanceOf(server, token)).toBe(25)
  })

  it('concurrent renewals of one instance: each paid renewal counts, none is lost', async () => {
    const { token, instances } = await owner(1, 25_00 + 3 * 25_00)
    const id = instances[0]?.id ?? ''
    const before = await expiryOf(id)
    const answers = await Promise.all(Array.from({ length: 6 }, () => renew(token, [id])))
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3)
    for (const lost of answers.filter((answer) => answer.status !== 200))
      expect(lost.body.code).toBe(errorCatalogue.INSUFFICIENT_BALANCE.code)
    expect((await expiryOf(id)) - before).toBe(3 * 30 * DAY)
    expect(await balanceOf(server, token)).toBe(0)
  })

  it('validates its input', async () => {
    const { token, instances } = await owner(1, 25_00)
    const id = instances[0]?.id ?? ''
    for (const body of [
      { ids: [], durationDays: 30 },
      { ids: [id], durationDays: 7 },
      { ids: ['nope'], durationDays: 30 },
      { ids: id, durationDays: 30 },
      { ids: Array(101).fill(id), durationDays: 30 },
      { ids: [id], durationDays: 30, free: true },
    ])
      expect(
        (
          await server.call('POST', '/api/proxy/instances/renew', {
            token,
            body,
            headers: { 'idempotency-key': crypto.randomUUID() },
          })
        ).status,
        JSON.stringify(body).slice(0, 60),
      ).toBe(400)
  })
})
