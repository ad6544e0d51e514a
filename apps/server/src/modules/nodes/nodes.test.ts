import { errorCatalogue } from '@proxy/contract/errors'
import { GB } from '@proxy/contract/traffic/endpoints'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { expectLedgerInvariants } from '../../../test/invariants.ts'
import { buy, fund, stockRegion } from '../../../test/static-ip.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { seedDemoCatalog } from '../seed/demo-catalog.ts'
import { trafficAccounts, trafficPackages } from '../traffic/traffic.schema.ts'
import { usageHourly } from './nodes.schema.ts'
import { addNode } from './nodes.service.ts'

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

type Users = { instances: { id: string }[]; trafficAccounts: { id: string; username: string }[] }
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

  it('lists the credentials to accept, with ETag and 304', async () => {
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
    const etag = first.headers.get('etag') ?? ''
    expect(etag).toMatch(/^".+"$/)
    const again = await fetch(`${server.baseUrl}/api/node/v1/users`, {
      headers: { authorization: `Bearer ${nodeToken}`, 'if-none-match': etag },
    })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
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
