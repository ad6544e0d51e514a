import { text } from 'node:stream/consumers'
import type { NodeUsers } from '@proxy/contract/nodes/endpoints'
import { count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buy, fund, stockRegion } from '../../../test/static-ip.ts'
import { isPostgresRun } from '../../../test/test-db.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { seedDemoCatalog } from '../seed/demo-catalog.ts'
import { importInventoryCsv } from '../static-ip/inventory.service.ts'
import { proxyInstances } from '../static-ip/static-ip.schema.ts'
import { createNodeCredentials } from './node-credentials.ts'
import { credentialChanges } from './nodes.schema.ts'
import { addNode } from './nodes.service.ts'

let server: TestServer
let tokenA: string
let tokenB: string
let regionA: string
let regionB: string
beforeAll(async () => {
  server = await startTestServer()
  await seedDemoCatalog(server.db)
  tokenA = (await addNode(server.db, 'creds-a', 'a.example.com')).token
  tokenB = (await addNode(server.db, 'creds-b', 'b.example.com')).token
  regionA = await stockRegion(server, 8, 25_00, 'creds-a')
  regionB = await stockRegion(server, 2, 25_00, 'creds-b')
})
afterAll(() => server.close())

async function pull(token: string, cursor?: string) {
  const path = cursor ? `/api/node/v1/users?cursor=${encodeURIComponent(cursor)}` : '/api/node/v1/users'
  const answer = await server.call<NodeUsers>('GET', path, { token })
  expect(answer.status).toBe(200)
  return answer.body.data
}

async function customerWithIp(regionId: string) {
  const customer = await server.newCustomer()
  await fund(server, customer.email, 25_00)
  const bought = await buy(server, customer.token, {
    regionId,
    quantity: 1,
    durationDays: 30,
    protocol: 'socks5',
  })
  expect(bought.status).toBe(200)
  const me = await server.call<{ id: string }>('GET', '/api/user/me', { token: customer.token })
  const instance = bought.body.data.instances[0]
  if (!instance) throw new Error('nothing bought')
  return { ...customer, id: me.body.data.id, instance }
}

/** The database's clock, in milliseconds. */
async function databaseNow() {
  const { rows } = (await server.db.execute(sql`select now() as at`)) as unknown as {
    rows: { at: string | Date }[]
  }
  return new Date(rows[0]?.at ?? 0).getTime()
}

/** How many changes the log holds for this subject. */
async function changesTo(subjectId: string) {
  const [row] = await server.db
    .select({ changes: count() })
    .from(credentialChanges)
    .where(eq(credentialChanges.subjectId, subjectId))
  return row?.changes
}

const ids = (rows: { id: string }[]) => rows.map((row) => row.id)
const byId = (answer: NodeUsers) => ({
  ...answer,
  cursor: '',
  instances: answer.instances.toSorted((a, b) => a.id.localeCompare(b.id)),
})

describe('node credentials: snapshot, scope and deltas', () => {
  it('gives each node only the instances on its own addresses, and every node the traffic accounts', async () => {
    const onA = await customerWithIp(regionA)
    const onB = await customerWithIp(regionB)
    const a = await pull(tokenA)
    const b = await pull(tokenB)
    expect(a.full).toBe(true)
    expect(ids(a.instances)).toContain(onA.instance.id)
    expect(ids(a.instances)).not.toContain(onB.instance.id)
    expect(ids(b.instances)).toEqual([onB.instance.id])
    expect(a.instances.find((i) => i.id === onA.instance.id)).toMatchObject({
      owner: onA.id,
      ip: onA.instance.ip,
      username: onA.instance.username,
      password: onA.instance.password,
    })
    expect(ids(a.trafficAccounts)).toEqual(ids(b.trafficAccounts))
  })

  it('sends only what changed: a purchase, a password reset, a release, and nothing when nothing did', async () => {
    const first = await pull(tokenA)
    const quiet = await pull(tokenA, first.cursor)
    expect(quiet).toMatchObject({ full: false, instances: [], removedInstances: [], trafficAccounts: [] })
    expect(quiet.pool).toBeUndefined()

    const customer = await customerWithIp(regionA)
    const afterBuy = await pull(tokenA, quiet.cursor)
    expect(ids(afterBuy.instances)).toEqual([customer.instance.id])
    // The other node hears nothing of a purchase on this one.
    const bFirst = await pull(tokenB)
    const reset = await server.call<{ password: string }>(
      'POST',
      `/api/proxy/instances/${customer.instance.id}/reset-credentials`,
      { token: customer.token },
    )
    expect(reset.status).toBe(200)
    const afterReset = await pull(tokenA, afterBuy.cursor)
    expect(afterReset.instances).toHaveLength(1)
    expect(afterReset.instances[0]?.password).toBe(reset.body.data.password)
    expect(afterReset.instances[0]?.password).not.toBe(customer.instance.password)
    expect(await pull(tokenB, bFirst.cursor)).toMatchObject({ instances: [], removedInstances: [] })

    await server.db
      .update(proxyInstances)
      .set({ status: 'released' })
      .where(eq(proxyInstances.id, customer.instance.id))
    const afterRelease = await pull(tokenA, afterReset.cursor)
    expect(afterRelease.instances).toEqual([])
    expect(afterRelease.removedInstances).toEqual([customer.instance.id])
  })

  it('drops an instance whose expiry passes between two pulls, with no write at all', async () => {
    const customer = await customerWithIp(regionA)
    const before = await pull(tokenA)
    expect(ids(before.instances)).toContain(customer.instance.id)
    // The time passing, without waiting for it: once the database's clock is past the pull (a cursor
    // is "<xmin>.<ms>"), the expiry moves to now with the change log's trigger off for that update,
    // so the next pull can only learn of it as an expiry.
    const pulledAt = Number(before.cursor.split('.')[1])
    await vi.waitFor(async () => expect(await databaseNow()).toBeGreaterThan(pulledAt), { interval: 1 })
    const logged = await changesTo(customer.instance.id)
    await server.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`)
      await tx
        .update(proxyInstances)
        .set({ expiresAt: sql`now()` })
        .where(eq(proxyInstances.id, customer.instance.id))
    })
    expect(await changesTo(customer.instance.id)).toBe(logged)
    const after = await pull(tokenA, before.cursor)
    expect(after.removedInstances).toEqual([customer.instance.id])
  })

  it('carries whitelists of the customers a node serves, and a change to one', async () => {
    const customer = await customerWithIp(regionA)
    const added = await server.call<{ id: string; source: string }>('POST', '/api/user/ip-whitelist', {
      token: customer.token,
      body: { source: '198.51.100.7/24' },
    })
    expect(added.status).toBe(200)
    const a = await pull(tokenA)
    expect(a.whitelists).toContainEqual({ owner: customer.id, sources: ['198.51.100.0/24'] })
    // Node B serves none of this customer's IPs: it learns nothing of their list.
    expect((await pull(tokenB)).whitelists.map((w) => w.owner)).not.toContain(customer.id)

    await server.call('DELETE', `/api/user/ip-whitelist/${added.body.data.id}`, { token: customer.token })
    const after = await pull(tokenA, a.cursor)
    expect(after.whitelists).toEqual([{ owner: customer.id, sources: [] }])
  })

  it('lists the pool exits of the node, and a delta carries the pool when it changes', async () => {
    const first = await pull(tokenA)
    expect(first.pool).toEqual([])
    const imported = await importInventoryCsv(
      server.db,
      [
        'region_id,ip,port,node,purpose',
        `${regionA},10.250.0.1,1,creds-a,pool`,
        `${regionA},10.250.0.2,1,creds-a,pool`,
      ].join('\n'),
    )
    expect(imported.rejected).toEqual([])
    const after = await pull(tokenA, first.cursor)
    expect(after.pool).toEqual(['10.250.0.1', '10.250.0.2'])
    expect((await pull(tokenB)).pool).toEqual([])
    // Pool addresses are never on sale.
    const catalog = await server.call<{ id: string; available: number }[]>('GET', '/api/catalog/regions')
    const stock = JSON.stringify(catalog.body.data)
    expect(stock).not.toContain('10.250.0.1')
  })

  it('streams a full snapshot batch by batch: the same answer as one read, whatever the batch size', async () => {
    await customerWithIp(regionA)
    await customerWithIp(regionA)
    const whole = await pull(tokenA)
    expect(whole.instances.length).toBeGreaterThanOrEqual(3)
    // 1 and 2 split it across batches; its own length ends on a full batch, then an empty one.
    for (const snapshotBatch of [1, 2, whole.instances.length]) {
      const answer = await createNodeCredentials(server.db, { snapshotBatch }).read({ name: 'creds-a' })
      if (!('body' in answer)) throw new Error('a full snapshot is streamed')
      const streamed = JSON.parse(await text(answer.body)) as { code: number; data: NodeUsers }
      expect(streamed.code).toBe(0)
      // A snapshot is read in the database's order, not sorted: the node keys them by id.
      expect(byId(streamed.data)).toEqual(byId(whole))
    }
    // The stream's transaction has ended: the delta from its cursor reads normally.
    expect((await pull(tokenA, whole.cursor)).full).toBe(false)
  })

  it('answers a full snapshot to a cursor too old to trust, and 400 to a malformed one', async () => {
    const stale = `1.${Date.now() - 60 * 60 * 1000}`
    expect((await pull(tokenA, stale)).full).toBe(true)
    const bad = await server.call('GET', '/api/node/v1/users?cursor=drop%20table', { token: tokenA })
    expect(bad.status).toBe(400)
  })

  // A change committed after a pull started but by a transaction older than it must still arrive.
  it.runIf(isPostgresRun())('never skips a change a slow transaction commits after a pull', async () => {
    const customer = await customerWithIp(regionA)
    const before = await pull(tokenA)
    let release!: () => void
    const held = new Promise<void>((done) => {
      release = done
    })
    let updated!: () => void
    const hasUpdated = new Promise<void>((done) => {
      updated = done
    })
    const slow = server.db.transaction(async (tx) => {
      await tx
        .update(proxyInstances)
        .set({ password: 'changed-late' })
        .where(eq(proxyInstances.id, customer.instance.id))
      updated()
      await held
    })
    await hasUpdated
    const during = await pull(tokenA, before.cursor)
    expect(during.instances.find((i) => i.id === customer.instance.id)?.password).not.toBe('changed-late')
    release()
    await slow
    const after = await pull(tokenA, during.cursor)
    expect(after.instances.find((i) => i.id === customer.instance.id)?.password).toBe('changed-late')
  })
})
