import { errorCatalogue } from '@proxy/contract/errors'
import { GB } from '@proxy/contract/traffic/endpoints'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { expectLedgerInvariants } from '../../../test/invariants.ts'
import { buy, fund, stockRegion } from '../../../test/static-ip.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { seedDemoCatalog } from '../seed/demo-catalog.ts'
import { trafficAccounts, trafficPackages } from '../traffic/traffic.schema.ts'
import { usageHourly } from '../traffic/usage.schema.ts'
import { DOWN_AFTER_MS, healthTable, listNodes } from './node-health.ts'
import { nodes } from './nodes.schema.ts'
import { addNode, revokeNode } from './nodes.service.ts'

let server: TestServer
let nodeToken: string
let region: string
beforeAll(async () => {
  server = await startTestServer()
  await seedDemoCatalog(server.db)
  region = await stockRegion(server, 10)
  nodeToken = (await addNode(server.db, 'node-a', 'node-a.example.com')).token
})
afterEach(() => expectLedgerInvariants(server.db))
afterAll(() => server.close())

type Users = {
  instances: { id: string }[]
  trafficAccounts: { id: string; username: string; remainingBytes: number }[]
}
type Answer = { duplicate: boolean; accepted: number; disabled: { kind: string; id: string }[] }

const push = (body: unknown, token = nodeToken) =>
  server.call<Answer>('POST', '/api/node/v1/traffic', { token, body })

async function trafficCustomer(packs: number) {
  const customer = await server.newCustomer()
  await fund(server, customer.email, 30_00 * packs)
  for (let i = 0; i < packs; i++) {
    const answer = await server.call('POST', '/api/orders/traffic', {
      token: customer.token,
      body: { planId: 'gb-10', quantity: 1 },
      headers: { 'idempotency-key': crypto.randomUUID() },
    })
    expect(answer.status).toBe(200)
  }
  const me = await server.call<{ id: string }>('GET', '/api/user/me', { token: customer.token })
  return { ...customer, accountId: me.body.data.id }
}

const packagesOf = (userId: string) =>
  server.db
    .select()
    .from(trafficPackages)
    .where(eq(trafficPackages.userId, userId))
    .orderBy(trafficPackages.expiresAt)

describe('node API', () => {
  it('keeps node and customer tokens apart', async () => {
    const { token } = await server.newCustomer()
    expect((await server.call('GET', '/api/node/v1/users', { token })).status).toBe(401)
    expect((await server.call('GET', '/api/user/me', { token: nodeToken })).status).toBe(401)
    expect((await server.call('GET', '/api/node/v1/users')).status).toBe(401)
    expect((await server.call('POST', '/api/node/v1/heartbeat', { token: nodeToken })).status).toBe(200)
  })

  it('lists the credentials to accept, vmess lines included', async () => {
    const { email, token } = await server.newCustomer()
    await fund(server, email, 25_00)
    const bought = await buy(server, token, {
      regionId: region,
      quantity: 1,
      durationDays: 30,
      protocol: 'vmess',
    })
    const first = await server.call<Users>('GET', '/api/node/v1/users', { token: nodeToken })
    expect(first.body.data.instances.map((i) => i.id)).toContain(bought.body.data.instances[0]?.id)
  })

  it('accounts exactly: buckets and packages, soonest expiry first, replays deduct nothing', async () => {
    const { accountId } = await trafficCustomer(2)
    const [soon, later] = await packagesOf(accountId)
    // Make the second-bought package the one that expires first.
    await server.db
      .update(trafficPackages)
      .set({ expiresAt: new Date(Date.now() + 86_400_000) })
      .where(eq(trafficPackages.id, later?.id ?? ''))
    const records = [
      { kind: 'traffic-account', id: accountId, upBytes: 3 * GB, downBytes: 4 * GB },
      { kind: 'traffic-account', id: accountId, upBytes: 1 * GB, downBytes: 4 * GB },
    ]
    const answer = await push({ reportId: 'r-1', records })
    expect(answer.body.data).toEqual({ duplicate: false, accepted: 2, disabled: [] })
    expect((await push({ reportId: 'r-1', records })).body.data).toMatchObject({
      duplicate: true,
      accepted: 0,
    })
    const after = new Map((await packagesOf(accountId)).map((p) => [p.id, p]))
    expect(after.get(later?.id ?? '')).toMatchObject({ usedBytes: BigInt(10 * GB), status: 'exhausted' })
    expect(after.get(soon?.id ?? '')).toMatchObject({ usedBytes: BigInt(2 * GB), status: 'active' })
    const buckets = await server.db.select().from(usageHourly).where(eq(usageHourly.subjectId, accountId))
    expect(buckets).toHaveLength(1)
    expect(buckets[0]).toMatchObject({
      upBytes: BigInt(4 * GB),
      downBytes: BigInt(8 * GB),
      subjectKind: 'traffic-account',
    })
  })

  it('disables an exhausted account at once, records the overage, and a new package re-enables it', async () => {
    const { token, email, accountId } = await trafficCustomer(1)
    const answer = await push({
      reportId: 'r-exhaust',
      records: [{ kind: 'traffic-account', id: accountId, upBytes: 6 * GB, downBytes: 5 * GB }],
    })
    expect(answer.body.data.disabled).toEqual([{ kind: 'traffic-account', id: accountId }])
    const [account] = await server.db
      .select()
      .from(trafficAccounts)
      .where(eq(trafficAccounts.userId, accountId))
    expect(account?.overageBytes).toBe(BigInt(1 * GB))
    const users = await server.call<Users>('GET', '/api/node/v1/users', { token: nodeToken })
    expect(users.body.data.trafficAccounts.map((a) => a.id)).not.toContain(accountId)
    await fund(server, email, 30_00)
    await server.call('POST', '/api/orders/traffic', {
      token,
      body: { planId: 'gb-10', quantity: 1 },
      headers: { 'idempotency-key': crypto.randomUUID() },
    })
    const back = await server.call<Users>('GET', '/api/node/v1/users', { token: nodeToken })
    expect(back.body.data.trafficAccounts.map((a) => a.id)).toContain(accountId)
  })

  it('concurrent duplicate reports deduct once; bytes are conserved across concurrent pushes', async () => {
    const { accountId } = await trafficCustomer(2)
    const record = (gb: number) => [
      { kind: 'traffic-account', id: accountId, upBytes: gb * GB, downBytes: 0 },
    ]
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => push({ reportId: 'dup', records: record(1) })),
      push({ reportId: 'other-1', records: record(2) }),
      push({ reportId: 'other-2', records: record(3) }),
    ])
    expect(answers.filter((a) => a.body.data?.duplicate === false)).toHaveLength(3)
    const used = (await packagesOf(accountId)).reduce((sum, p) => sum + p.usedBytes, 0n)
    expect(used).toBe(BigInt(6 * GB))
    const [bucket] = await server.db.select().from(usageHourly).where(eq(usageHourly.subjectId, accountId))
    expect(bucket?.upBytes).toBe(BigInt(6 * GB))
  })

  it('handles 10,000 records in one push and validates hostile reports', async () => {
    const { accountId } = await trafficCustomer(1)
    const records = Array.from({ length: 10_000 }, () => ({
      kind: 'traffic-account',
      id: accountId,
      upBytes: 100,
      downBytes: 50,
    }))
    const answer = await push({ reportId: 'big', records })
    expect(answer.body.data).toMatchObject({ accepted: 10_000, duplicate: false })
    const [pack] = await packagesOf(accountId)
    expect(pack?.usedBytes).toBe(1_500_000n)
    for (const body of [
      { reportId: '', records: [] },
      { reportId: 'x', records: [{ kind: 'ip', id: accountId, upBytes: 1, downBytes: 1 }] },
      { reportId: 'x', records: [{ kind: 'instance', id: accountId, upBytes: -1, downBytes: 1 }] },
      { reportId: 'x', records: [{ kind: 'instance', id: accountId, upBytes: 1.5, downBytes: 1 }] },
      {
        reportId: 'x',
        records: Array(10_001).fill({ kind: 'instance', id: accountId, upBytes: 1, downBytes: 1 }),
      },
    ]) {
      const bad = await push(body)
      expect(bad.status).toBe(400)
      expect(bad.body.code).toBe(errorCatalogue.VALIDATION_FAILED.code)
    }
  })
})

describe('node health', () => {
  const stats = {
    version: '1.2.3',
    uptimeSeconds: 3600,
    openTunnels: 42,
    bytesPerSecond: 5 * 1024 * 1024,
    deadLetters: 1,
    pendingBatches: 3,
  }
  const beat = (body: unknown, token: string) =>
    server.call<{ lastSeenAt: string }>('POST', '/api/node/v1/heartbeat', { token, body })
  const healthOf = async (id: string, now?: Date) =>
    (await listNodes(server.db, now)).find((n) => n.id === id)

  it('keeps the latest heartbeat figures; the empty heartbeat still works and keeps them', async () => {
    const { id, token } = await addNode(server.db, 'node-health', 'health.example.com')
    expect(await healthOf(id)).toMatchObject({
      status: 'down',
      lastSeenAt: null,
      version: null,
      pushLagMs: null,
    })

    const empty = await server.call<{ lastSeenAt: string }>('POST', '/api/node/v1/heartbeat', { token })
    expect(empty.status).toBe(200)
    expect(await healthOf(id)).toMatchObject({ status: 'up', version: null, openTunnels: null })

    const full = await beat(stats, token)
    expect(full.status).toBe(200)
    expect(Date.parse(full.body.data.lastSeenAt)).toBeGreaterThan(Date.now() - 60_000)
    expect(await healthOf(id)).toMatchObject({
      ...stats,
      bytesPerSecond: BigInt(stats.bytesPerSecond),
      status: 'up',
    })

    // An older node's empty beat keeps the last figures it did not send.
    expect((await server.call('POST', '/api/node/v1/heartbeat', { token })).status).toBe(200)
    expect(await healthOf(id)).toMatchObject({ version: '1.2.3', openTunnels: 42 })
  })

  it('refuses a malformed heartbeat and stores nothing from it', async () => {
    const { id, token } = await addNode(server.db, 'node-bad-beat', 'bad.example.com')
    for (const body of [
      { ...stats, extra: 1 },
      { ...stats, version: 'v1\u0000' },
      { ...stats, version: 'v1\nforged line' },
      { ...stats, version: '' },
      { ...stats, version: 'v'.repeat(65) },
      { ...stats, openTunnels: -1 },
      { ...stats, uptimeSeconds: 1.5 },
      { ...stats, deadLetters: 2 ** 31 },
      { ...stats, bytesPerSecond: 1e16 },
      { version: '1.0.0' },
      [],
    ]) {
      const bad = await beat(body, token)
      expect(bad.status, JSON.stringify(body)).toBe(400)
      expect(bad.body.code).toBe(errorCatalogue.VALIDATION_FAILED.code)
    }
    expect(await healthOf(id)).toMatchObject({ lastSeenAt: null, version: null })
    expect((await beat(stats, nodeToken)).status).toBe(200)
  })

  it('keeps the password-guessing figures of the latest beat that carried them, and refuses malformed ones', async () => {
    const { id, token } = await addNode(server.db, 'node-guessing', 'guessing.example.com')
    const passwordGuessing = {
      failures: 4_000_000_000,
      blocks: 3,
      blockedSources: 2,
      offenders: [
        { source: '198.51.100.7', failures: 120, blockedUntil: '2026-11-25T12:10:00.000Z' },
        { source: '2001:db8:1:2::/64', failures: 20, blockedUntil: null },
      ],
    }
    expect((await beat({ ...stats, passwordGuessing }, token)).status).toBe(200)
    expect((await healthOf(id))?.passwordGuessing).toEqual(passwordGuessing)
    // An empty beat keeps them; a full one from an older gateway (without them) clears them.
    expect((await server.call('POST', '/api/node/v1/heartbeat', { token })).status).toBe(200)
    expect((await healthOf(id))?.passwordGuessing).toEqual(passwordGuessing)
    expect((await beat(stats, token)).status).toBe(200)
    expect((await healthOf(id))?.passwordGuessing).toBeNull()

    const offender = passwordGuessing.offenders[0]
    for (const bad of [
      { ...passwordGuessing, extra: 1 },
      { ...passwordGuessing, failures: -1 },
      { ...passwordGuessing, blockedSources: 2 ** 31 },
      { ...passwordGuessing, offenders: Array(11).fill(offender) },
      { ...passwordGuessing, offenders: [{ ...offender, source: '<script>' }] },
      { ...passwordGuessing, offenders: [{ ...offender, source: '2001:db8::1' }] },
      { ...passwordGuessing, offenders: [{ ...offender, blockedUntil: 'soon' }] },
    ]) {
      const refused = await beat({ ...stats, passwordGuessing: bad }, token)
      expect(refused.status, JSON.stringify(bad)).toBe(400)
    }
    expect((await healthOf(id))?.passwordGuessing).toBeNull()
  })

  it('reads a node silent for 60 s as down, a revoked one as revoked, and the push lag', async () => {
    const { id, token } = await addNode(server.db, 'node-lag', 'lag.example.com')
    await beat(stats, token)
    const seen = (await healthOf(id))?.lastSeenAt as Date
    expect((await healthOf(id, new Date(seen.getTime() + DOWN_AFTER_MS)))?.status).toBe('up')
    expect((await healthOf(id, new Date(seen.getTime() + DOWN_AFTER_MS + 1)))?.status).toBe('down')
    // A shorter window (the server's NODE_DOWN_AFTER_SECONDS) counts it down sooner.
    const within = async (ms: number) =>
      (await listNodes(server.db, new Date(seen.getTime() + ms), id, 3000))[0]
    expect((await within(3000))?.status).toBe('up')
    expect((await within(3001))?.status).toBe('down')

    // Any acknowledged push counts, even one with nothing for this server (an unknown id).
    const answer = await push(
      {
        reportId: 'lag-1',
        records: [{ kind: 'instance', id: crypto.randomUUID(), upBytes: 1, downBytes: 1 }],
      },
      token,
    )
    expect(answer.status).toBe(200)
    const pushed = (await healthOf(id))?.lastPushAt as Date
    expect(pushed).toBeInstanceOf(Date)
    const later = new Date(pushed.getTime() + 90_000)
    const list = await listNodes(server.db, later)
    expect(list.find((n) => n.id === id)).toMatchObject({ pushLagMs: 90_000, status: 'down' })
    expect(healthTable(list, later).find((row) => row.id === id)).toMatchObject({
      name: 'node-lag',
      host: 'lag.example.com',
      status: 'down',
      'push lag': '1 min',
      version: '1.2.3',
      tunnels: 42,
      'bytes/s': '5 MB/s',
      'dead letters': 1,
    })

    await revokeNode(server.db, id)
    expect((await healthOf(id))?.status).toBe('revoked')
    expect((await server.call('POST', '/api/node/v1/heartbeat', { token })).status).toBe(401)
    const [row] = await server.db.select().from(nodes).where(eq(nodes.id, id))
    expect(row?.revokedAt).toBeInstanceOf(Date)
  })

  it('gives each traffic account the bytes left in its live packages', async () => {
    const { accountId } = await trafficCustomer(2)
    const remainingOf = async () =>
      (
        await server.call<Users>('GET', '/api/node/v1/users', { token: nodeToken })
      ).body.data.trafficAccounts.find((a) => a.id === accountId)?.remainingBytes
    expect(await remainingOf()).toBe(20 * GB)
    await push({
      reportId: 'remaining-1',
      records: [{ kind: 'traffic-account', id: accountId, upBytes: 3 * GB, downBytes: 1234 }],
    })
    expect(await remainingOf()).toBe(17 * GB - 1234)
    // An expired package no longer counts.
    const [first] = await packagesOf(accountId)
    await server.db
      .update(trafficPackages)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(trafficPackages.id, first?.id ?? ''))
    const left = (await packagesOf(accountId)).filter((p) => p.id !== first?.id)
    expect(await remainingOf()).toBe(Number(left.reduce((sum, p) => sum + p.totalBytes - p.usedBytes, 0n)))
  })
})
