import { randomUUID } from 'node:crypto'
import { errorCatalogue } from '@proxy/contract/errors'
import type { IpReplacement, ReplaceInstanceIpResult } from '@proxy/contract/static-ip/replacement'
import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { expectLedgerInvariants } from '../../../test/invariants.ts'
import { balanceOf } from '../../../test/payments.ts'
import { type Bought, buy, fund, stockRegion } from '../../../test/static-ip.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { importInventoryCsv } from './inventory.service.ts'
import { COOLING_HOURS } from './lifecycle.service.ts'
import { ipInventory, ipReplacements, proxyInstances } from './static-ip.schema.ts'

const DAY_MS = 24 * 3600 * 1000

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterEach(() => expectLedgerInvariants(server.db))
afterAll(() => server.close())

type Instance = Bought['instances'][number] & { regionId: string; orderNo: string; autoRenew: boolean }

/** A customer holding one socks5 IP in `region` (or `quantity` of them). */
async function customerWithIp(region: string, quantity = 1) {
  const customer = await server.newCustomer()
  await fund(server, customer.email, 100_00)
  const bought = await buy(server, customer.token, {
    regionId: region,
    quantity,
    durationDays: 30,
    protocol: 'socks5',
  })
  expect(bought.status, JSON.stringify(bought.body)).toBe(200)
  const instances = bought.body.data.instances as Instance[]
  const instance = instances[0]
  if (!instance) throw new Error('nothing bought')
  return { ...customer, instance, instances, orderNo: bought.body.data.order.orderNo }
}

const replace = (
  token: string,
  id: string,
  body: unknown = { reason: 'blocked' },
  key: string = randomUUID(),
) =>
  server.call<ReplaceInstanceIpResult>('POST', `/api/proxy/instances/${id}/replace`, {
    token,
    body,
    headers: { 'idempotency-key': key },
  })

const addressOf = async (ip: string) => {
  const [row] = await server.db.select().from(ipInventory).where(eq(ipInventory.ip, ip))
  if (!row) throw new Error(`no address ${ip}`)
  return row
}

const instanceRow = async (id: string) => {
  const [row] = await server.db.select().from(proxyInstances).where(eq(proxyInstances.id, id))
  if (!row) throw new Error(`no instance ${id}`)
  return row
}

const replacementsOf = (instanceId: string) =>
  server.db.select().from(ipReplacements).where(eq(ipReplacements.instanceId, instanceId))

/** Pretends the instance's replacements happened `days` earlier. */
const age = (instanceId: string, days: number) =>
  server.db
    .update(ipReplacements)
    .set({ createdAt: sql`${ipReplacements.createdAt} - make_interval(days => ${days})` })
    .where(eq(ipReplacements.instanceId, instanceId))

/** Addresses held by more than one instance that still holds an address (must be none). */
async function doublyHeld() {
  const rows = await server.db
    .select({ inventoryId: proxyInstances.inventoryId, holders: sql<number>`count(*)::int` })
    .from(proxyInstances)
    .where(ne(proxyInstances.status, 'released'))
    .groupBy(proxyInstances.inventoryId)
    .having(sql`count(*) > 1`)
  return rows
}

describe('replacing a static IP', () => {
  it('moves the instance to a new address in its region, keeping id, expiry, protocol and credentials, for free', async () => {
    const region = await stockRegion(server, 4)
    const { token, instance, orderNo } = await customerWithIp(region)
    const before = await instanceRow(instance.id)
    const answer = await replace(token, instance.id, { reason: 'slow' })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const { instance: moved, replacement, nextAllowedAt } = answer.body.data
    expect(moved.ip).not.toBe(instance.ip)
    expect(moved).toMatchObject({
      id: instance.id,
      regionId: region,
      protocol: 'socks5',
      username: instance.username,
      password: instance.password,
      uuid: instance.uuid,
      expiresAt: instance.expiresAt,
      status: 'active',
      orderNo,
    })
    expect(replacement).toMatchObject({
      instanceId: instance.id,
      orderNo,
      oldIp: instance.ip,
      newIp: moved.ip,
      reason: 'slow',
    })
    const nextIn = new Date(nextAllowedAt).getTime() - new Date(replacement.createdAt).getTime()
    expect(nextIn).toBe(7 * DAY_MS)
    // Nothing charged.
    expect(await balanceOf(server, token)).toBe(75)

    // The old address cools down as a released one does; the new one is taken.
    const old = await addressOf(instance.ip)
    expect(old.status).toBe('cooling')
    const coolsFor = (old.coolingUntil?.getTime() ?? 0) - Date.now()
    expect(coolsFor).toBeGreaterThan(COOLING_HOURS * 3600_000 - 60_000)
    expect(coolsFor).toBeLessThan(COOLING_HOURS * 3600_000 + 60_000)
    const fresh = await addressOf(moved.ip)
    expect(fresh).toMatchObject({ status: 'allocated', regionId: region })
    expect(await instanceRow(instance.id)).toMatchObject({
      inventoryId: fresh.id,
      expiresAt: before.expiresAt,
      username: before.username,
      password: before.password,
      uuid: before.uuid,
    })
    expect(await replacementsOf(instance.id)).toEqual([
      expect.objectContaining({
        userId: before.userId,
        orderNo,
        oldInventoryId: old.id,
        newInventoryId: fresh.id,
        oldIp: instance.ip,
        newIp: moved.ip,
        reason: 'slow',
      }),
    ])

    // Every read shows the new address.
    const detail = await server.call<{ ip: string; connection: { socks5: string } }>(
      'GET',
      `/api/proxy/instances/${instance.id}`,
      { token },
    )
    expect(detail.body.data.ip).toBe(moved.ip)
    expect(detail.body.data.connection.socks5).toContain(`@${moved.ip}:`)
    const history = await server.call<{
      cooldownDays: number
      nextAllowedAt: string
      items: IpReplacement[]
    }>('GET', `/api/proxy/instances/${instance.id}/replacements`, { token })
    expect(history.body.data).toEqual({ cooldownDays: 7, nextAllowedAt, items: [replacement] })
    const order = await server.call<{
      instances: { id: string; ip: string }[]
      replacements: IpReplacement[]
    }>('GET', `/api/orders/${orderNo}`, { token })
    expect(order.body.data.instances).toEqual([expect.objectContaining({ id: instance.id, ip: moved.ip })])
    expect(order.body.data.replacements).toEqual([replacement])
  })

  it('allows one replacement per IP per cooldown, says when the next is allowed, and changes nothing meanwhile', async () => {
    const region = await stockRegion(server, 6)
    const { token, instances } = await customerWithIp(region, 2)
    const [first, second] = instances
    if (!first || !second) throw new Error('two expected')
    const done = await replace(token, first.id)
    expect(done.status).toBe(200)
    const after = await instanceRow(first.id)

    const refused = await replace(token, first.id, { reason: 'other' })
    expect(refused.status).toBe(429)
    expect(refused.body.code).toBe(errorCatalogue.REPLACEMENT_TOO_SOON.code)
    expect(refused.body.data).toEqual({
      replacedAt: done.body.data.replacement.createdAt,
      allowedAt: done.body.data.nextAllowedAt,
    })
    expect(await instanceRow(first.id)).toEqual(after)
    expect(await replacementsOf(first.id)).toHaveLength(1)

    // The cooldown is per IP: the customer's other IP is free to move.
    expect((await replace(token, second.id)).status).toBe(200)

    // Six days on, still too soon; eight days on, allowed again.
    await age(first.id, 6)
    expect((await replace(token, first.id)).status).toBe(429)
    await age(first.id, 2)
    const status = await server.call<{ nextAllowedAt: string | null }>(
      'GET',
      `/api/proxy/instances/${first.id}/replacements`,
      { token },
    )
    expect(status.body.data.nextAllowedAt).toBeNull()
    const again = await replace(token, first.id)
    expect(again.status).toBe(200)
    expect(again.body.data.replacement.oldIp).toBe(done.body.data.instance.ip)
    expect(await replacementsOf(first.id)).toHaveLength(2)
  })

  it('follows IP_REPLACEMENT_COOLDOWN_DAYS', async () => {
    const short = await startTestServer({ IP_REPLACEMENT_COOLDOWN_DAYS: '2' })
    try {
      const region = await stockRegion(short, 3)
      const customer = await short.newCustomer()
      await fund(short, customer.email, 25_00)
      const bought = await buy(short, customer.token, {
        regionId: region,
        quantity: 1,
        durationDays: 30,
        protocol: 'vmess',
      })
      const id = bought.body.data.instances[0]?.id
      const call = () =>
        short.call<ReplaceInstanceIpResult>('POST', `/api/proxy/instances/${id}/replace`, {
          token: customer.token,
          body: { reason: 'blocked' },
          headers: { 'idempotency-key': randomUUID() },
        })
      const done = await call()
      expect(done.status).toBe(200)
      expect(
        new Date(done.body.data.nextAllowedAt).getTime() -
          new Date(done.body.data.replacement.createdAt).getTime(),
      ).toBe(2 * DAY_MS)
      expect((await call()).status).toBe(429)
    } finally {
      await short.close()
    }
  })

  it('prefers an address on the same node, and moves across nodes when the node has none left', async () => {
    const region = await stockRegion(server, 2, 25_00, 'node-a')
    const { token, instance } = await customerWithIp(region)
    // An older address on another node: picked last all the same.
    const imported = await importInventoryCsv(
      server.db,
      ['region_id,ip,port,node', `${region},10.99.0.1,30000,node-b`].join('\n'),
    )
    expect(imported.rejected).toEqual([])
    await server.db
      .update(ipInventory)
      .set({ createdAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(ipInventory.ip, '10.99.0.1'))

    const sameNode = await replace(token, instance.id)
    expect(sameNode.status).toBe(200)
    expect((await addressOf(sameNode.body.data.instance.ip)).node).toBe('node-a')

    await age(instance.id, 8)
    const otherNode = await replace(token, instance.id)
    expect(otherNode.status).toBe(200)
    expect(otherNode.body.data.instance.ip).toBe('10.99.0.1')
  })

  it('refuses when the region has no free address, changing nothing', async () => {
    const region = await stockRegion(server, 1)
    const { token, instance } = await customerWithIp(region)
    const answer = await replace(token, instance.id)
    expect(answer.status).toBe(409)
    expect(answer.body).toMatchObject({ code: errorCatalogue.OUT_OF_STOCK.code, data: { available: 0 } })
    expect((await addressOf(instance.ip)).status).toBe('allocated')
    expect(await replacementsOf(instance.id)).toEqual([])
    // A refusal starts no cooldown.
    await importInventoryCsv(
      server.db,
      ['region_id,ip,port,node', `${region},10.99.1.1,30000,node-a`].join('\n'),
    )
    expect((await replace(token, instance.id)).status).toBe(200)
  })

  it('replaces only active, unexpired IPs', async () => {
    const region = await stockRegion(server, 6)
    const { token, instances } = await customerWithIp(region, 3)
    const [expired, lapsed, released] = instances
    if (!expired || !lapsed || !released) throw new Error('three expected')
    await server.db.update(proxyInstances).set({ status: 'expired' }).where(eq(proxyInstances.id, expired.id))
    // Past its expiry but not swept yet.
    await server.db
      .update(proxyInstances)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(proxyInstances.id, lapsed.id))
    // Released as the lifecycle releases: the address cools down.
    await server.db
      .update(proxyInstances)
      .set({ status: 'released' })
      .where(eq(proxyInstances.id, released.id))
    await server.db.update(ipInventory).set({ status: 'cooling' }).where(eq(ipInventory.ip, released.ip))
    for (const { id } of instances) {
      const answer = await replace(token, id)
      expect(answer.status).toBe(409)
      expect(answer.body.code).toBe(errorCatalogue.INSTANCE_NOT_REPLACEABLE.code)
    }
    const held = await server.db
      .select({ status: ipInventory.status })
      .from(ipInventory)
      .where(eq(ipInventory.regionId, region))
    expect(held.filter((row) => row.status === 'available')).toHaveLength(3)
    expect(
      await server.db.$count(
        ipReplacements,
        inArray(
          ipReplacements.instanceId,
          instances.map((i) => i.id),
        ),
      ),
    ).toBe(0)
  })

  it('answers 400 for a bad body or id and 404 for an unknown id, changing nothing', async () => {
    const region = await stockRegion(server, 3)
    const { token, instance } = await customerWithIp(region)
    for (const body of [
      {},
      { reason: 'bored' },
      { reason: 'BLOCKED' },
      { reason: 1 },
      { reason: null },
      { reason: 'blocked', regionId: 'elsewhere' },
      [],
      'blocked',
    ]) {
      const answer = await replace(token, instance.id, body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
    }
    expect((await replace(token, 'not-a-uuid')).status).toBe(400)
    const unknown = await replace(token, randomUUID())
    expect(unknown.status).toBe(404)
    expect(unknown.body.code).toBe(errorCatalogue.NOT_FOUND.code)
    expect(
      (await server.call('POST', `/api/proxy/instances/${instance.id}/replace`, { body: { reason: 'slow' } }))
        .status,
    ).toBe(401)
    expect(await replacementsOf(instance.id)).toEqual([])
    expect((await addressOf(instance.ip)).status).toBe('allocated')
  })

  it("answers 404 for another customer's IP and order, and shows nobody else's replacements", async () => {
    const region = await stockRegion(server, 6)
    const alice = await customerWithIp(region)
    const mallory = await customerWithIp(region)
    const stolen = await replace(mallory.token, alice.instance.id)
    expect(stolen.status).toBe(404)
    expect(stolen.body.code).toBe(errorCatalogue.NOT_FOUND.code)
    const peek = await server.call('GET', `/api/proxy/instances/${alice.instance.id}/replacements`, {
      token: mallory.token,
    })
    expect(peek.status).toBe(404)
    expect(await replacementsOf(alice.instance.id)).toEqual([])
    expect((await addressOf(alice.instance.ip)).status).toBe('allocated')

    // Mallory's refusal did not start Alice's cooldown.
    const done = await replace(alice.token, alice.instance.id)
    expect(done.status).toBe(200)
    const order = await server.call('GET', `/api/orders/${alice.orderNo}`, { token: mallory.token })
    expect(order.status).toBe(404)
    expect(JSON.stringify(order.body)).not.toContain(done.body.data.instance.ip)
    const own = await server.call<{ replacements: IpReplacement[] }>(
      'GET',
      `/api/orders/${mallory.orderNo}`,
      {
        token: mallory.token,
      },
    )
    expect(own.body.data.replacements).toEqual([])
  })

  it('does one replacement for a retried Idempotency-Key, and refuses the key with another body', async () => {
    const region = await stockRegion(server, 4)
    const { token, instance } = await customerWithIp(region)
    const first = await replace(token, instance.id, { reason: 'blocked' }, 'replace-retry')
    const retried = await replace(token, instance.id, { reason: 'blocked' }, 'replace-retry')
    expect(first.status).toBe(200)
    expect(retried.status).toBe(200)
    expect(retried.headers.get('idempotent-replayed')).toBe('true')
    expect(retried.body).toEqual(first.body)
    expect(await replacementsOf(instance.id)).toHaveLength(1)
    const other = await replace(token, instance.id, { reason: 'slow' }, 'replace-retry')
    expect(other.status).toBe(422)
    expect(other.body.code).toBe(errorCatalogue.IDEMPOTENCY_KEY_REUSED.code)
  })
})

describe('concurrency', () => {
  it('N parallel replacements of one IP: exactly one moves it, the rest are refused, the inventory stays whole', async () => {
    const region = await stockRegion(server, 12)
    const { token, instance } = await customerWithIp(region)
    const answers = await Promise.all(Array.from({ length: 10 }, () => replace(token, instance.id)))
    const won = answers.filter((answer) => answer.status === 200)
    expect(won).toHaveLength(1)
    for (const lost of answers.filter((answer) => answer.status !== 200)) {
      expect(lost.status).toBe(429)
      expect(lost.body.code).toBe(errorCatalogue.REPLACEMENT_TOO_SOON.code)
    }
    const newIp = won[0]?.body.data.instance.ip
    const statuses = await server.db
      .select({ ip: ipInventory.ip, status: ipInventory.status })
      .from(ipInventory)
      .where(eq(ipInventory.regionId, region))
    const count = (status: string) => statuses.filter((row) => row.status === status).length
    expect(count('allocated')).toBe(1)
    expect(count('cooling')).toBe(1)
    expect(count('available')).toBe(10)
    expect(statuses.find((row) => row.status === 'allocated')?.ip).toBe(newIp)
    expect(statuses.find((row) => row.status === 'cooling')?.ip).toBe(instance.ip)
    expect(await replacementsOf(instance.id)).toHaveLength(1)
    expect(await doublyHeld()).toEqual([])
  })

  it('parallel replacements of many IPs in one region never hand one address to two instances', async () => {
    const region = await stockRegion(server, 14)
    const customers = await Promise.all(Array.from({ length: 8 }, () => customerWithIp(region)))
    // 8 held, 6 free: six moves succeed, two find the region empty.
    const answers = await Promise.all(customers.map(({ token, instance }) => replace(token, instance.id)))
    const won = answers.filter((answer) => answer.status === 200)
    expect(won).toHaveLength(6)
    for (const lost of answers.filter((answer) => answer.status !== 200))
      expect(lost.body.code).toBe(errorCatalogue.OUT_OF_STOCK.code)
    const newIps = won.map((answer) => answer.body.data.instance.ip)
    expect(new Set(newIps).size).toBe(6)
    const inRegion = await server.db
      .select({ status: ipInventory.status })
      .from(ipInventory)
      .where(and(eq(ipInventory.regionId, region)))
    expect(inRegion.filter((row) => row.status === 'allocated')).toHaveLength(8)
    expect(inRegion.filter((row) => row.status === 'cooling')).toHaveLength(6)
    expect(await doublyHeld()).toEqual([])
  })
})
