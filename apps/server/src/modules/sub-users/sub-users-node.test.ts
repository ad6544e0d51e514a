// Sub-users and auto-stops as the proxy nodes see them: in the full pull and its deltas, with what
// each may still use; and the node push billing a sub-user's bytes to it and to its account, exactly.

import { randomUUID } from 'node:crypto'
import type { NodeUsers } from '@proxy/contract/nodes/endpoints'
import type { SubUserWithPassword } from '@proxy/contract/traffic/sub-users'
import type { UsageSeries } from '@proxy/contract/traffic/usage'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fund } from '../../../test/static-ip.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { setSuspension } from '../auth/index.ts'
import { addNode, pushTraffic } from '../nodes/nodes.service.ts'
import { seedDemoCatalog } from '../seed/demo-catalog.ts'
import { calendarOf, mayHaveTurnedDay } from './local-days.ts'
import { turnedDay } from './node-rows.ts'
import { loginAutoStops, subUsers } from './sub-users.schema.ts'

let server: TestServer
let node: { id: string; token: string }
beforeAll(async () => {
  server = await startTestServer()
  await seedDemoCatalog(server.db)
  node = await addNode(server.db, 'sub-users-node', 'sub.example.com')
})
afterAll(() => server.close())

const MiB = 1024 ** 2
const GiB = 1024 ** 3

async function pull(cursor?: string) {
  const path = cursor ? `/api/node/v1/users?cursor=${encodeURIComponent(cursor)}` : '/api/node/v1/users'
  const answer = await server.call<NodeUsers>('GET', path, { token: node.token })
  expect(answer.status).toBe(200)
  return answer.body.data
}

/** A customer with one 10 GB package. */
async function trafficCustomer() {
  const customer = await server.newCustomer()
  await fund(server, customer.email, 100_00)
  const bought = await server.call('POST', '/api/orders/traffic', {
    token: customer.token,
    body: { planId: 'gb-10', quantity: 1 },
    headers: { 'idempotency-key': randomUUID() },
  })
  expect(bought.status).toBe(200)
  const me = await server.call<{ id: string }>('GET', '/api/user/me', { token: customer.token })
  return { ...customer, id: me.body.data.id }
}
type Customer = Awaited<ReturnType<typeof trafficCustomer>>

async function createSub(customer: Customer, body: Record<string, unknown> = {}) {
  const answer = await server.call<SubUserWithPassword>('POST', '/api/user/sub-users', {
    token: customer.token,
    body: { username: `n-${randomUUID().slice(0, 8)}`, ...body },
  })
  expect(answer.status).toBe(200)
  return answer.body.data
}

const push = (
  records: { kind: 'sub-user' | 'traffic-account'; id: string; up: number; down: number }[],
  now?: Date,
) =>
  pushTraffic(
    server.db,
    node.id,
    {
      reportId: randomUUID(),
      records: records.map(({ kind, id, up, down }) => ({ kind, id, upBytes: up, downBytes: down })),
    },
    now,
  )

const range = () =>
  new URLSearchParams({
    from: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    to: new Date(Date.now() + 3600_000).toISOString(),
  })
async function totals(customer: Customer, path: string) {
  const answer = await server.call<UsageSeries>('GET', `${path}?${range()}`, { token: customer.token })
  expect(answer.status).toBe(200)
  return answer.body.data.totals
}

describe('sub-users in the node pull', () => {
  it('serves them with their account, caps and tunnel caps, and follows every change in the deltas', async () => {
    const customer = await trafficCustomer()
    const free = await createSub(customer)
    const limited = await createSub(customer, { limit: { bytes: 5 * MiB, period: 'total' }, maxTunnels: 4 })
    const first = await pull()
    const served = (answer: NodeUsers, id: string) => answer.subUsers?.find((sub) => sub.id === id)
    expect(served(first, free.id)).toEqual({
      id: free.id,
      account: customer.id,
      username: free.username,
      password: free.password,
    })
    expect(served(first, limited.id)).toMatchObject({ capBytes: 5 * MiB, maxTunnels: 4 })

    await server.call('PATCH', `/api/user/sub-users/${free.id}`, {
      token: customer.token,
      body: { disabled: true },
    })
    const disabled = await pull(first.cursor)
    expect(disabled.full).toBe(false)
    expect(disabled.removedSubUsers).toContain(free.id)
    await server.call('PATCH', `/api/user/sub-users/${free.id}`, {
      token: customer.token,
      body: { disabled: false, username: `${free.username}-x` },
    })
    const renamed = await pull(disabled.cursor)
    expect(served(renamed, free.id)?.username).toBe(`${free.username}-x`)
    await server.call('DELETE', `/api/user/sub-users/${limited.id}`, { token: customer.token })
    const deleted = await pull(renamed.cursor)
    expect(deleted.removedSubUsers).toEqual([limited.id])
    expect(served(await pull(), limited.id)).toBeUndefined()
    // Nothing changed: nothing sent.
    const quiet = await pull(deleted.cursor)
    expect(quiet.subUsers?.filter((sub) => sub.account === customer.id)).toEqual([])

    await server.db.transaction((tx) => setSuspension(tx, customer.id, { reason: 'test' }))
    const suspended = await pull(quiet.cursor)
    expect(suspended.removedSubUsers).toContain(free.id)
    expect(served(await pull(), free.id)).toBeUndefined()
    await server.db.transaction((tx) => setSuspension(tx, customer.id, null))
    expect(served(await pull(suspended.cursor), free.id)).toBeDefined()
  })

  it("carries the account login's auto-stop, paused once its cap is used today", async () => {
    const customer = await trafficCustomer()
    await server.call('PUT', '/api/user/traffic-account/auto-stop', {
      token: customer.token,
      body: { dailyBytes: 3 * MiB },
    })
    const account = (answer: NodeUsers) => answer.trafficAccounts.find((a) => a.id === customer.id)
    const first = await pull()
    expect(account(first)).toMatchObject({ capBytes: 3 * MiB })
    expect(account(first)?.pausedUntil).toBeUndefined()
    await push([{ kind: 'traffic-account', id: customer.id, up: MiB, down: 2 * MiB }])
    const paused = account(await pull(first.cursor))
    expect(paused).toMatchObject({ capBytes: 0 })
    expect(Date.parse(paused?.pausedUntil ?? '')).toBeGreaterThan(Date.now())
    const state = await server.call('GET', '/api/user/traffic-account/auto-stop', { token: customer.token })
    expect(state.body.data).toMatchObject({ todayBytes: 3 * MiB, pausedUntil: paused?.pausedUntil })
    await server.call('POST', '/api/user/traffic-account/auto-stop/lift', { token: customer.token })
    const lifted = account(await pull())
    expect(lifted?.capBytes).toBeUndefined()
    expect(lifted?.remainingBytes).toBe(10 * GiB - 3 * MiB)
  })

  it('counts what the login used today before its first cap, and writes no counter for a login without one', async () => {
    const customer = await trafficCustomer()
    const sub = await createSub(customer)
    await push([
      { kind: 'traffic-account', id: customer.id, up: MiB, down: MiB },
      { kind: 'sub-user', id: sub.id, up: 0, down: 5 * MiB },
    ])
    // No cap: the push kept no day counter for the login...
    expect(
      await server.db.select().from(loginAutoStops).where(eq(loginAutoStops.userId, customer.id)),
    ).toEqual([])
    // ...and today's figure comes from the buckets: the login's own bytes, not its sub-user's.
    const read = () => server.call('GET', '/api/user/traffic-account/auto-stop', { token: customer.token })
    expect((await read()).body.data).toMatchObject({ dailyBytes: null, todayBytes: 2 * MiB })
    // Yesterday's bytes are not today's.
    await push(
      [{ kind: 'traffic-account', id: customer.id, up: 0, down: 7 * MiB }],
      new Date(Date.now() - 86_400_000),
    )
    expect((await read()).body.data).toMatchObject({ todayBytes: 2 * MiB })

    const set = await server.call('PUT', '/api/user/traffic-account/auto-stop', {
      token: customer.token,
      body: { dailyBytes: 3 * MiB },
    })
    expect(set.body.data).toMatchObject({ dailyBytes: 3 * MiB, todayBytes: 2 * MiB, pausedUntil: null })
    const account = (answer: NodeUsers) => answer.trafficAccounts.find((a) => a.id === customer.id)
    expect(account(await pull())).toMatchObject({ capBytes: MiB })
    await push([{ kind: 'traffic-account', id: customer.id, up: 0, down: MiB }])
    expect((await read()).body.data).toMatchObject({ todayBytes: 3 * MiB })
    expect(account(await pull())).toMatchObject({ capBytes: 0 })
  })
})

describe('sub-user bytes in the node push', () => {
  it('bills them to the sub-user and to its account, exactly, and stops it at its limit', async () => {
    const customer = await trafficCustomer()
    const a = await createSub(customer, { limit: { bytes: 4 * MiB, period: 'day' } })
    const b = await createSub(customer, { autoStopBytes: MiB })
    await push([
      { kind: 'sub-user', id: a.id, up: 1000, down: 3 * MiB },
      { kind: 'sub-user', id: b.id, up: 5, down: 7 },
      { kind: 'traffic-account', id: customer.id, up: 11, down: 13 },
    ])
    await push([{ kind: 'sub-user', id: a.id, up: 0, down: MiB }])
    const aBytes = { upBytes: 1000, downBytes: 4 * MiB }
    expect(await totals(customer, `/api/user/sub-users/${a.id}/usage`)).toEqual(aBytes)
    expect(await totals(customer, `/api/user/sub-users/${b.id}/usage`)).toEqual({ upBytes: 5, downBytes: 7 })
    const account = await totals(customer, '/api/proxy/instances/traffic-usage')
    expect(account).toEqual({ upBytes: 1000 + 5 + 11, downBytes: 4 * MiB + 7 + 13 })
    const packages = await server.call<{ summary: { remainingBytes: number } }>(
      'GET',
      '/api/user/traffic-packages',
      {
        token: customer.token,
      },
    )
    expect(packages.body.data.summary.remainingBytes).toBe(10 * GiB - account.upBytes - account.downBytes)

    const answer = await server.call<{ status: string; limit: { usedBytes: number }; usage: object }>(
      'GET',
      `/api/user/sub-users/${a.id}`,
      { token: customer.token },
    )
    expect(answer.body.data).toMatchObject({
      status: 'spent',
      limit: { usedBytes: 1000 + 4 * MiB },
      usage: { totalBytes: 1000 + 4 * MiB, todayBytes: 1000 + 4 * MiB },
    })
    const nodeRow = (await pull()).subUsers?.find((sub) => sub.id === a.id)
    expect(nodeRow?.capBytes).toBe(0)
  })

  it('starts daily counters again on a new local day, keeping the totals', async () => {
    const customer = await trafficCustomer()
    const sub = await createSub(customer, { limit: { bytes: 2 * MiB, period: 'day' } })
    const yesterday = new Date(Date.now() - 86_400_000)
    await push([{ kind: 'sub-user', id: sub.id, up: 0, down: 2 * MiB }], yesterday)
    const answer = await server.call<{ status: string; usage: { totalBytes: number; todayBytes: number } }>(
      'GET',
      `/api/user/sub-users/${sub.id}`,
      { token: customer.token },
    )
    expect(answer.body.data).toMatchObject({
      status: 'active',
      usage: { totalBytes: 2 * MiB, todayBytes: 0 },
    })
    expect((await pull()).subUsers?.find((s) => s.id === sub.id)?.capBytes).toBe(2 * MiB)
    await push([{ kind: 'sub-user', id: sub.id, up: 0, down: MiB }])
    const [row] = await server.db.select().from(subUsers).where(eq(subUsers.id, sub.id))
    expect(row).toMatchObject({ usedBytes: 3n * BigInt(MiB), dayBytes: BigInt(MiB) })
  })

  it("answers a sub-user's usage by day in the customer's time zone", async () => {
    const customer = await trafficCustomer()
    await server.call('PATCH', '/api/user/me', { token: customer.token, body: { timeZone: 'Asia/Tokyo' } })
    const sub = await createSub(customer)
    // 01:00 on 2 May in Tokyo.
    await push([{ kind: 'sub-user', id: sub.id, up: 10, down: 20 }], new Date('2026-05-01T16:00:00Z'))
    const query = 'from=2026-04-30T15:00:00Z&to=2026-05-02T15:00:00Z&granularity=day'
    const answer = await server.call<UsageSeries>('GET', `/api/user/sub-users/${sub.id}/usage?${query}`, {
      token: customer.token,
    })
    expect(answer.body.data.tz).toBe('Asia/Tokyo')
    expect(answer.body.data.series.map((point) => [point.time, point.upBytes, point.downBytes])).toEqual([
      ['2026-04-30T15:00:00.000Z', 0, 0],
      ['2026-05-01T15:00:00.000Z', 10, 20],
    ])
    const withZone = await server.call('GET', `/api/user/sub-users/${sub.id}/usage?${query}&tz=UTC`, {
      token: customer.token,
    })
    expect(withZone.status).toBe(400)
  })

  it('names the credentials whose local day turned between two pulls, and only then', async () => {
    const customer = await trafficCustomer()
    await server.call('PATCH', '/api/user/me', { token: customer.token, body: { timeZone: 'Asia/Tokyo' } })
    const sub = await createSub(customer, { autoStopBytes: MiB })
    await server.call('PUT', '/api/user/traffic-account/auto-stop', {
      token: customer.token,
      body: { dailyBytes: MiB },
    })
    // Midnight in Tokyo is 15:00 UTC.
    const before = new Date('2026-05-01T14:59:30Z')
    const after = new Date('2026-05-01T15:00:10Z')
    const turned = await server.db.transaction((tx) => turnedDay(tx, before, after))
    expect(turned.subUsers).toContain(sub.id)
    expect(turned.accounts).toContain(customer.id)
    const same = await server.db.transaction((tx) => turnedDay(tx, new Date('2026-05-01T15:00:20Z'), after))
    expect(same).toEqual({ subUsers: [], accounts: [] })
    expect(mayHaveTurnedDay(new Date('2026-05-01T15:01:00Z'), new Date('2026-05-01T15:14:59Z'))).toBe(false)
  })
})

describe('local calendars', () => {
  it('starts days and months at local midnight, across daylight-saving changes', () => {
    expect(calendarOf('Asia/Shanghai', new Date('2026-03-31T16:30:00Z'))).toEqual({
      zone: 'Asia/Shanghai',
      day: '2026-04-01',
      month: '2026-04-01',
      dayStart: new Date('2026-03-31T16:00:00Z'),
      nextDay: new Date('2026-04-01T16:00:00Z'),
      nextMonth: new Date('2026-04-30T16:00:00Z'),
    })
    // New York springs forward on 2026-03-08: that day has 23 hours.
    const spring = calendarOf('America/New_York', new Date('2026-03-08T12:00:00Z'))
    expect(spring.day).toBe('2026-03-08')
    expect(spring.dayStart).toEqual(new Date('2026-03-08T05:00:00Z'))
    expect(spring.nextDay).toEqual(new Date('2026-03-09T04:00:00Z'))
    expect(calendarOf('Asia/Kolkata', new Date('2026-01-01T18:29:00Z')).day).toBe('2026-01-01')
    expect(calendarOf('Asia/Kolkata', new Date('2026-01-01T18:30:00Z')).day).toBe('2026-01-02')
  })
})
