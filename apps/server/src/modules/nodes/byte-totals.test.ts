// Byte totals stay exact JSON numbers: a push that would take a customer's lifetime usage past
// 2^53 − 1 is refused whole (400, final for the gateway), and every read path keeps answering.
import { bytesToWire } from '@proxy/contract/bytes'
import { errorCatalogue } from '@proxy/contract/errors'
import { GB } from '@proxy/contract/traffic/endpoints'
import type { UsageSeries } from '@proxy/contract/traffic/usage'
import { asc, count, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { expectLedgerInvariants } from '../../../test/invariants.ts'
import { buy, fund, stockRegion } from '../../../test/static-ip.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { seedDemoCatalog } from '../seed/demo-catalog.ts'
import { trafficAccounts, trafficPackages } from '../traffic/traffic.schema.ts'
import { usageHourly } from '../traffic/usage.schema.ts'
import { MAX_TOTAL_BYTES, nodeReports, usageTotals } from './nodes.schema.ts'
import { addNode } from './nodes.service.ts'

let server: TestServer
let node: { id: string; token: string }
let region: string
beforeAll(async () => {
  server = await startTestServer()
  await seedDemoCatalog(server.db)
  region = await stockRegion(server, 10)
  node = await addNode(server.db, 'node-bytes', 'node-bytes.example.com')
})
afterEach(() => expectLedgerInvariants(server.db))
afterAll(() => server.close())

type Kind = 'instance' | 'traffic-account'
type UsageRecord = { kind: Kind; id: string; upBytes: number; downBytes: number }
type Answer = { duplicate: boolean; accepted: number; disabled: { kind: string; id: string }[] }
type Refusal = { maxTotalBytes: number; subjects: { kind: Kind; id: string }[] }

const PB = 1e15
const push = (reportId: string, records: UsageRecord[]) =>
  server.call<Answer & Refusal>('POST', '/api/node/v1/traffic', {
    token: node.token,
    body: { reportId, records },
  })

/** A customer with one static IP and a traffic account holding one 10 GB package. */
async function customer() {
  const c = await server.newCustomer()
  await fund(server, c.email, 25_00 + 30_00)
  const bought = await buy(server, c.token, {
    regionId: region,
    quantity: 1,
    durationDays: 30,
    protocol: 'socks5',
  })
  expect(bought.status).toBe(200)
  const pack = await server.call('POST', '/api/orders/traffic', {
    token: c.token,
    body: { planId: 'gb-10', quantity: 1 },
    headers: { 'idempotency-key': crypto.randomUUID() },
  })
  expect(pack.status).toBe(200)
  const me = await server.call<{ id: string }>('GET', '/api/user/me', { token: c.token })
  return { ...c, userId: me.body.data.id, instanceId: bought.body.data.instances[0]?.id as string }
}

const HOUR_MS = 3600_000
/** The customer's usage around now, by hour or by UTC day, as the JSON text and parsed. */
async function usage(token: string, granularity: 'hour' | 'day', scope: 'all' | 'traffic-account') {
  const span = granularity === 'hour' ? 2 * HOUR_MS : 48 * HOUR_MS
  const query = new URLSearchParams({
    from: new Date(Date.now() - span).toISOString(),
    to: new Date(Date.now() + span).toISOString(),
    granularity,
    scope,
    tz: 'UTC',
  })
  const answer = await fetch(`${server.baseUrl}/api/proxy/instances/traffic-usage?${query}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  const text = await answer.text()
  return { status: answer.status, text, data: (JSON.parse(text) as { data: UsageSeries }).data }
}

/** What a refused push must leave as it was: the customer's rows and the node's reports. */
async function snapshot(userId: string) {
  const [hourly, totals, packages, accounts, [reports]] = await Promise.all([
    server.db
      .select()
      .from(usageHourly)
      .where(eq(usageHourly.userId, userId))
      .orderBy(asc(usageHourly.subjectKind), asc(usageHourly.hour)),
    server.db.select().from(usageTotals).where(eq(usageTotals.userId, userId)),
    server.db.select().from(trafficPackages).where(eq(trafficPackages.userId, userId)),
    server.db.select().from(trafficAccounts).where(eq(trafficAccounts.userId, userId)),
    server.db.select({ value: count() }).from(nodeReports).where(eq(nodeReports.nodeId, node.id)),
  ])
  return { hourly, totals, packages, accounts, reports: reports?.value }
}

/** Records for one instance that download `bytes` in all, each within the 1e15 a record may carry. */
function downRecords(instanceId: string, bytes: bigint): UsageRecord[] {
  const records: UsageRecord[] = []
  for (let left = bytes; left > 0n; left -= BigInt(PB)) {
    const downBytes = Number(left < BigInt(PB) ? left : BigInt(PB))
    records.push({ kind: 'instance', id: instanceId, upBytes: 0, downBytes })
  }
  return records
}

const lifetime = async (userId: string) =>
  (await server.db.select().from(usageTotals).where(eq(usageTotals.userId, userId)))[0]?.bytes

describe('byte totals', () => {
  it('reproduces the issue: ten pushes of 1e15 up and down, the ones past 2^53 − 1 are refused, reads stay 200 and exact', async () => {
    const c = await customer()
    let acceptedUp = 0n
    let acceptedDown = 0n
    let accountBytes = 0n
    const statuses: number[] = []
    for (let i = 0; i < 10; i++) {
      const subject =
        i % 2 === 0
          ? { kind: 'instance' as const, id: c.instanceId }
          : { kind: 'traffic-account' as const, id: c.userId }
      const answer = await push(`repro-${c.userId}-${i}`, [{ ...subject, upBytes: PB, downBytes: PB }])
      statuses.push(answer.status)
      if (answer.status === 200) {
        expect(answer.body.data).toMatchObject({ duplicate: false, accepted: 1 })
        acceptedUp += BigInt(PB)
        acceptedDown += BigInt(PB)
        if (subject.kind === 'traffic-account') accountBytes += 2n * BigInt(PB)
      } else {
        expect(answer.body.code).toBe(errorCatalogue.TRAFFIC_TOTAL_TOO_LARGE.code)
        expect(answer.body.data.subjects).toEqual([subject])
      }
    }
    // 4 × 2e15 = 8e15 fits under 2^53 − 1 ≈ 9.007e15; the fifth and every later push would not.
    expect(statuses).toEqual([200, 200, 200, 200, 400, 400, 400, 400, 400, 400])
    expect(await lifetime(c.userId)).toBe(acceptedUp + acceptedDown)

    for (const granularity of ['hour', 'day'] as const) {
      const all = await usage(c.token, granularity, 'all')
      expect(all.status).toBe(200)
      expect(BigInt(all.data.totals.upBytes)).toBe(acceptedUp)
      expect(BigInt(all.data.totals.downBytes)).toBe(acceptedDown)
      const series = all.data.series.reduce((sum, p) => sum + BigInt(p.upBytes) + BigInt(p.downBytes), 0n)
      expect(series).toBe(acceptedUp + acceptedDown)
      const account = await usage(c.token, granularity, 'traffic-account')
      expect(account.status).toBe(200)
      expect(BigInt(account.data.totals.upBytes) + BigInt(account.data.totals.downBytes)).toBe(accountBytes)
    }

    // The traffic account drew its 10 GB package dry and the rest is overage, to the byte.
    const packages = await server.call<{
      items: { usedBytes: number; remainingBytes: number; status: string }[]
    }>('GET', '/api/user/traffic-packages', { token: c.token })
    expect(packages.status).toBe(200)
    expect(packages.body.data.items).toMatchObject([
      { usedBytes: 10 * GB, remainingBytes: 0, status: 'exhausted' },
    ])
    const [account] = await server.db
      .select()
      .from(trafficAccounts)
      .where(eq(trafficAccounts.userId, c.userId))
    expect(account?.overageBytes).toBe(accountBytes - BigInt(10 * GB))
    for (const path of ['/api/user/overview', '/api/user/traffic-account', '/api/catalog/traffic-plans'])
      expect((await server.call('GET', path, { token: c.token })).status).toBe(200)
  })

  it('accepts totals right at 2^53 − 1 and reports them digit for digit; one byte more is refused', async () => {
    const c = await customer()
    // Nine records for one id in one push: summed in bigint, 9e15.
    const nine = Array.from({ length: 9 }, () => ({
      kind: 'instance' as const,
      id: c.instanceId,
      upBytes: 0,
      downBytes: PB,
    }))
    expect((await push(`edge-1-${c.userId}`, nine)).status).toBe(200)
    const remainder = Number(MAX_TOTAL_BYTES - 9n * BigInt(PB))
    const last = await push(`edge-2-${c.userId}`, [
      { kind: 'instance', id: c.instanceId, upBytes: 0, downBytes: remainder },
    ])
    expect(last.status).toBe(200)
    expect(await lifetime(c.userId)).toBe(MAX_TOTAL_BYTES)
    for (const granularity of ['hour', 'day'] as const) {
      const all = await usage(c.token, granularity, 'all')
      expect(all.status).toBe(200)
      expect(all.text).toContain('"totals":{"upBytes":0,"downBytes":9007199254740991}')
    }
    // Zero bytes still pass; one more byte, up or down, does not.
    expect(
      (await push(`edge-3-${c.userId}`, [{ kind: 'instance', id: c.instanceId, upBytes: 0, downBytes: 0 }]))
        .status,
    ).toBe(200)
    const over = await push(`edge-4-${c.userId}`, [
      { kind: 'traffic-account', id: c.userId, upBytes: 1, downBytes: 0 },
    ])
    expect(over.status).toBe(400)
    expect(over.body.code).toBe(errorCatalogue.TRAFFIC_TOTAL_TOO_LARGE.code)
    expect(over.body.data.maxTotalBytes).toBe(Number.MAX_SAFE_INTEGER)
    expect(await lifetime(c.userId)).toBe(MAX_TOTAL_BYTES)
  })

  it('refuses a single push whose records sum past int8 with 400, not 500', async () => {
    const c = await customer()
    const records = Array.from({ length: 10_000 }, () => ({
      kind: 'traffic-account' as const,
      id: c.userId,
      upBytes: PB,
      downBytes: PB,
    }))
    const answer = await push(`huge-${c.userId}`, records)
    expect(answer.status).toBe(400)
    expect(answer.body.code).toBe(errorCatalogue.TRAFFIC_TOTAL_TOO_LARGE.code)
    expect(await lifetime(c.userId)).toBeUndefined()
  })

  it('rolls a refused push back whole, other customers in it too, and its reportId can be pushed again', async () => {
    const c = await customer()
    const other = await customer()
    expect(
      (
        await push(`before-${c.userId}`, [
          { kind: 'traffic-account', id: c.userId, upBytes: GB, downBytes: 2 * GB },
        ])
      ).status,
    ).toBe(200)
    expect(
      (
        await push(
          `fill-${c.userId}`,
          Array.from({ length: 9 }, () => ({
            kind: 'instance' as const,
            id: c.instanceId,
            upBytes: 0,
            downBytes: PB,
          })),
        )
      ).status,
    ).toBe(200)
    const before = await snapshot(c.userId)
    const otherBefore = await snapshot(other.userId)
    const refused = await push(`again-${c.userId}`, [
      { kind: 'traffic-account', id: other.userId, upBytes: GB, downBytes: GB },
      { kind: 'traffic-account', id: c.userId, upBytes: 3 * GB, downBytes: 0 },
      { kind: 'instance', id: c.instanceId, upBytes: PB, downBytes: 0 },
    ])
    expect(refused.status).toBe(400)
    expect(refused.body.code).toBe(errorCatalogue.TRAFFIC_TOTAL_TOO_LARGE.code)
    // Only the subjects of the customer it would take past the bound are named.
    expect(refused.body.data.subjects).toEqual(
      expect.arrayContaining([
        { kind: 'traffic-account', id: c.userId },
        { kind: 'instance', id: c.instanceId },
      ]),
    )
    expect(refused.body.data.subjects).toHaveLength(2)
    expect(await snapshot(c.userId)).toEqual(before)
    expect(await snapshot(other.userId)).toEqual(otherBefore)

    // Same reportId, acceptable records: recorded once, then a replay is a duplicate.
    const records: UsageRecord[] = [
      { kind: 'traffic-account', id: other.userId, upBytes: GB, downBytes: GB },
      { kind: 'traffic-account', id: c.userId, upBytes: 3 * GB, downBytes: 0 },
    ]
    const retried = await push(`again-${c.userId}`, records)
    expect(retried.status).toBe(200)
    expect(retried.body.data).toMatchObject({ duplicate: false, accepted: 2 })
    expect((await push(`again-${c.userId}`, records)).body.data).toMatchObject({ duplicate: true })
    expect(await lifetime(c.userId)).toBe((before.totals[0]?.bytes ?? 0n) + BigInt(3 * GB))
    expect(await lifetime(other.userId)).toBe(BigInt(2 * GB))
    const [pack] = await server.db.select().from(trafficPackages).where(eq(trafficPackages.userId, c.userId))
    expect(pack?.usedBytes).toBe(BigInt(6 * GB))
  })

  it('lets exactly the pushes that fit through when several race for the last bytes', async () => {
    const c = await customer()
    // Filled to 2^53 − 1 − 5e15: room for exactly five more pushes of 1e15.
    const fill = MAX_TOTAL_BYTES - 5n * BigInt(PB)
    expect((await push(`race-fill-${c.userId}`, downRecords(c.instanceId, fill))).status).toBe(200)
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        push(`race-${c.userId}-${i}`, [{ kind: 'traffic-account', id: c.userId, upBytes: PB, downBytes: 0 }]),
      ),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5)
    expect(answers.filter((a) => a.status === 400)).toHaveLength(5)
    expect(await lifetime(c.userId)).toBe(MAX_TOTAL_BYTES)
    const all = await usage(c.token, 'day', 'all')
    expect(all.status).toBe(200)
    expect(BigInt(all.data.totals.upBytes) + BigInt(all.data.totals.downBytes)).toBe(MAX_TOTAL_BYTES)
  })
})

describe('bytesToWire', () => {
  it('converts exactly up to 2^53 − 1 and refuses anything it cannot say exactly', () => {
    expect(bytesToWire(0n)).toBe(0)
    expect(bytesToWire(MAX_TOTAL_BYTES)).toBe(Number.MAX_SAFE_INTEGER)
    expect(() => bytesToWire(MAX_TOTAL_BYTES + 1n)).toThrow(RangeError)
    expect(() => bytesToWire(-1n)).toThrow(RangeError)
  })
})
