// Tunnel statistics through the node push and the customer's API: stored hourly per node, summed
// per subject, idempotent with the push, kept 90 days; host names only while the customer keeps them.
import { randomUUID } from 'node:crypto'
import type { SubjectTunnelStats, TunnelStatsReport } from '@proxy/contract/nodes/tunnel-stats'
import type { TunnelStatsSeries } from '@proxy/contract/stats/endpoints'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customerWithOrders } from '../../../test/static-ip.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { addNode } from '../nodes/index.ts'
import { seedDemoCatalog } from '../seed/demo-catalog.ts'
import { purgeTunnelStats } from './purge.ts'

let server: TestServer
let nodeA: string
let nodeB: string
beforeAll(async () => {
  server = await startTestServer()
  await seedDemoCatalog(server.db)
  nodeA = (await addNode(server.db, 'stats-a', 'stats-a.example.com')).token
  nodeB = (await addNode(server.db, 'stats-b', 'stats-b.example.com')).token
})
afterAll(() => server.close())

const HOUR = 3_600_000
const thisHour = () => new Date(Math.floor(Date.now() / HOUR) * HOUR)
const hoursAgo = (n: number) => new Date(thisHour().getTime() - n * HOUR).toISOString()

type Customer = Awaited<ReturnType<typeof customer>>
async function customer() {
  const { token, email } = await customerWithOrders(server)
  const me = await server.call<{ id: string }>('GET', '/api/user/me', { token })
  const list = await server.call<{ items: { id: string; ip: string; port: number }[] }>(
    'GET',
    '/api/proxy/instances',
    { token },
  )
  const instance = list.body.data.items[0]
  if (!instance) throw new Error('no instance')
  return { token, email, id: me.body.data.id, instance }
}

const push = (body: { reportId?: string; records?: unknown[]; tunnels?: unknown }, token = nodeA) =>
  server.call<{ duplicate: boolean }>('POST', '/api/node/v1/traffic', {
    token,
    body: {
      reportId: body.reportId ?? randomUUID(),
      records: body.records ?? [],
      ...(body.tunnels !== undefined && { tunnels: body.tunnels }),
    },
  })

const stats = (who: Customer, query: Record<string, string> = {}) => {
  const params = new URLSearchParams({
    from: hoursAgo(3),
    to: new Date(thisHour().getTime() + HOUR).toISOString(),
    ...query,
  })
  return server.call<TunnelStatsSeries>('GET', `/api/proxy/stats/tunnels?${params}`, { token: who.token })
}

const subject = (
  partial: Partial<SubjectTunnelStats> & Pick<SubjectTunnelStats, 'kind' | 'id'>,
): SubjectTunnelStats => ({
  hour: thisHour().toISOString(),
  succeeded: 0,
  failures: {},
  peakOpen: 0,
  ...partial,
})
const report = (subjects: SubjectTunnelStats[], node: TunnelStatsReport['node'] = []): TunnelStatsReport => ({
  subjects,
  node,
})
/** The current hour's bucket (the range ends with it). */
const lastBucket = (answer: { body: { data: TunnelStatsSeries } }) => answer.body.data.series.at(-1)

describe('tunnel statistics from the node push', () => {
  let alice: Customer
  let bob: Customer
  beforeAll(async () => {
    alice = await customer()
    bob = await customer()
  })

  it('stores each reason per hour, sums the account, and shows one static IP alone', async () => {
    const instance = subject({
      kind: 'instance',
      id: alice.instance.id,
      succeeded: 5,
      failures: { authentication: 2, policy: 1, dns: 1, timeout: 1, targetRefused: 1, overCap: 1 },
      peakOpen: 3,
    })
    const account = subject({
      kind: 'traffic-account',
      id: alice.id,
      succeeded: 2,
      failures: { quota: 4, other: 1 },
      peakOpen: 2,
    })
    const pushed = await push({
      tunnels: report([instance, account], [{ hour: thisHour().toISOString(), authentication: 9 }]),
    })
    expect(pushed.status).toBe(200)

    const all = await stats(alice)
    expect(all.status).toBe(200)
    expect(all.body.data.series).toHaveLength(4)
    expect(lastBucket(all)).toMatchObject({
      time: thisHour().toISOString(),
      opened: 7 + 7 + 5,
      succeeded: 7,
      failed: 12,
      failures: {
        authentication: 2,
        policy: 1,
        dns: 1,
        timeout: 1,
        targetRefused: 1,
        overCap: 1,
        quota: 4,
        other: 1,
      },
      peakConcurrent: 5,
    })
    const one = await stats(alice, { subject: `instance:${alice.instance.id}` })
    expect(lastBucket(one)).toMatchObject({ opened: 12, succeeded: 5, failed: 7, peakConcurrent: 3 })
    expect(one.body.data.totals).toMatchObject({ opened: 12, succeeded: 5, peakConcurrent: 3 })
    const traffic = await stats(alice, { subject: 'traffic-account' })
    expect(traffic.body.data.totals).toMatchObject({
      opened: 7,
      succeeded: 2,
      failures: { quota: 4, other: 1, authentication: 0 },
    })
    // The node-wide logins that named no credential are nobody's.
    expect((await stats(bob)).body.data.totals.failures.authentication).toBe(0)
  })

  it('does not count a replayed push twice, and keeps the largest peak of an hour', async () => {
    const body = {
      reportId: randomUUID(),
      tunnels: report([subject({ kind: 'instance', id: bob.instance.id, succeeded: 4, peakOpen: 6 })]),
    }
    expect((await push(body)).body.data.duplicate).toBe(false)
    expect((await push(body)).body.data.duplicate).toBe(true)
    await push({
      tunnels: report([subject({ kind: 'instance', id: bob.instance.id, succeeded: 1, peakOpen: 2 })]),
    })
    const answer = await stats(bob, { subject: `instance:${bob.instance.id}` })
    expect(lastBucket(answer)).toMatchObject({ succeeded: 5, peakConcurrent: 6 })
  })

  it('adds the peaks of two nodes in one hour, and a day takes its busiest hour', async () => {
    const who = await customer()
    const at = (hour: string, token: string, peakOpen: number) =>
      push(
        { tunnels: report([subject({ hour, kind: 'traffic-account', id: who.id, succeeded: 1, peakOpen })]) },
        token,
      )
    await at(hoursAgo(1), nodeA, 4)
    await at(hoursAgo(1), nodeB, 3)
    await at(hoursAgo(2), nodeA, 5)
    const hourly = await stats(who, { subject: 'traffic-account' })
    expect(hourly.body.data.series.map((point) => point.peakConcurrent).slice(1, 3)).toEqual([5, 7])
    const daily = await stats(who, {
      granularity: 'day',
      tz: 'UTC',
      from: new Date(Date.now() - 2 * 86_400_000).toISOString(),
      to: new Date(Date.now() + 86_400_000).toISOString(),
    })
    expect(daily.body.data.totals).toMatchObject({ succeeded: 3, peakConcurrent: 7 })
    expect(Math.max(...daily.body.data.series.map((point) => point.peakConcurrent))).toBe(7)
  })

  it('accepts an old-style push without statistics, and drops unknown subjects and hours out of range', async () => {
    const old = await push({
      records: [{ kind: 'instance', id: alice.instance.id, upBytes: 10, downBytes: 20 }],
    })
    expect(old.status).toBe(200)
    const before = (await stats(alice)).body.data.totals.opened
    const odd = await push({
      tunnels: report([
        subject({ kind: 'instance', id: randomUUID(), succeeded: 50 }),
        subject({
          kind: 'instance',
          id: alice.instance.id,
          hour: new Date(thisHour().getTime() - 100 * 86_400_000).toISOString(),
          succeeded: 50,
        }),
        subject({
          kind: 'instance',
          id: alice.instance.id,
          hour: new Date(thisHour().getTime() + 5 * HOUR).toISOString(),
          succeeded: 50,
        }),
      ]),
    })
    expect(odd.status).toBe(200)
    expect((await stats(alice)).body.data.totals.opened).toBe(before)
  })

  it('refuses malformed statistics with 400 and nothing stored', async () => {
    const bad = [
      report([
        subject({
          kind: 'instance',
          id: alice.instance.id,
          hour: new Date(thisHour().getTime() + 60_000).toISOString(),
        }),
      ]),
      report([
        { ...subject({ kind: 'instance', id: alice.instance.id }), failures: { gremlins: 1 } } as never,
      ]),
      report([subject({ kind: 'instance', id: alice.instance.id, succeeded: -1 })]),
      { subjects: [], node: [], extra: true },
    ]
    for (const tunnels of bad) expect((await push({ tunnels })).status).toBe(400)
  })

  it('answers 404 for another customer’s static IP, and each customer sees only their own', async () => {
    const theirs = await stats(bob, { subject: `instance:${alice.instance.id}` })
    expect(theirs.status).toBe(404)
    expect((await stats(bob, { subject: `instance:${randomUUID()}` })).status).toBe(404)
    expect((await stats(bob)).body.data.totals.succeeded).toBe(5)
    const destinations = await server.call(
      'GET',
      `/api/proxy/stats/destinations?from=${hoursAgo(2)}&to=${hoursAgo(0)}&subject=instance:${alice.instance.id}`,
      { token: bob.token },
    )
    expect(destinations.status).toBe(404)
  })

  it('validates the query and needs a session or token', async () => {
    const queries: Record<string, string>[] = [
      { subject: 'instance:nope' },
      { subject: 'everything' },
      { granularity: 'week' },
      { from: hoursAgo(0), to: hoursAgo(2) },
    ]
    for (const query of queries) expect((await stats(alice, query)).status, JSON.stringify(query)).toBe(400)
    expect(
      (await server.call('GET', `/api/proxy/stats/tunnels?from=${hoursAgo(2)}&to=${hoursAgo(0)}`)).status,
    ).toBe(401)
  })

  it('lists the subjects: the account, the traffic account and each static IP', async () => {
    const answer = await server.call<{ items: { subject: string; address: string | null }[] }>(
      'GET',
      '/api/proxy/stats/subjects',
      { token: alice.token },
    )
    expect(answer.body.data.items.map((item) => item.subject)).toEqual([
      'account',
      'traffic-account',
      `instance:${alice.instance.id}`,
    ])
    expect(answer.body.data.items[2]?.address).toBe(`${alice.instance.ip}:${alice.instance.port}`)
  })

  it('keeps a sub-user’s statistics apart, shows them to its customer only, and keeps them after it is deleted', async () => {
    const who = await customer()
    const created = await server.call<{ id: string; username: string }>('POST', '/api/user/sub-users', {
      token: who.token,
      body: { username: `stats-${randomUUID().slice(0, 8)}` },
    })
    expect(created.status).toBe(200)
    const subUser = created.body.data
    await push({
      tunnels: report([
        subject({ kind: 'sub-user', id: subUser.id, succeeded: 4, failures: { quota: 2 }, peakOpen: 3 }),
        subject({ kind: 'traffic-account', id: who.id, succeeded: 1 }),
      ]),
    })
    const mine = await stats(who, { subject: `sub-user:${subUser.id}` })
    expect(mine.body.data.totals).toMatchObject({
      opened: 6,
      succeeded: 4,
      failures: { quota: 2 },
      peakConcurrent: 3,
    })
    // The traffic account's own login is not its sub-users'; the whole account holds both.
    expect((await stats(who, { subject: 'traffic-account' })).body.data.totals.opened).toBe(1)
    expect((await stats(who)).body.data.totals.opened).toBe(7)
    expect((await stats(bob, { subject: `sub-user:${subUser.id}` })).status).toBe(404)
    const subjects = await server.call<{ items: { subject: string; name: string | null }[] }>(
      'GET',
      '/api/proxy/stats/subjects',
      { token: who.token },
    )
    expect(subjects.body.data.items).toContainEqual(
      expect.objectContaining({ subject: `sub-user:${subUser.id}`, name: subUser.username }),
    )
    expect(
      (await server.call('DELETE', `/api/user/sub-users/${subUser.id}`, { token: who.token })).status,
    ).toBe(200)
    expect((await stats(who, { subject: `sub-user:${subUser.id}` })).body.data.totals.opened).toBe(6)
    const after = await server.call<{ items: { subject: string; name: string | null }[] }>(
      'GET',
      '/api/proxy/stats/subjects',
      { token: who.token },
    )
    expect(after.body.data.items).toContainEqual(
      expect.objectContaining({ subject: `sub-user:${subUser.id}`, name: null }),
    )
  })

  it('purges hours older than 90 days', async () => {
    const who = await customer()
    const old = new Date(thisHour().getTime() - 89 * 86_400_000).toISOString()
    await push({
      tunnels: report([subject({ kind: 'traffic-account', id: who.id, hour: old, succeeded: 3 })]),
    })
    const count = async () =>
      Number(
        (
          (await server.db.execute(
            sql`select count(*)::int as n from tunnel_stats_hourly where customer_id = ${who.id}::uuid`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]?.n,
      )
    expect(await count()).toBe(1)
    await purgeTunnelStats(server.db, new Date(Date.now() + 2 * 86_400_000))
    expect(await count()).toBe(0)
  })
})

describe('keep top destinations', () => {
  const destinations = (who: Customer, subjectName = 'account') =>
    server.call<{ keepDestinations: boolean; items: { host: string; tunnels: number; failed: number }[] }>(
      'GET',
      `/api/proxy/stats/destinations?from=${hoursAgo(24)}&to=${new Date(Date.now() + HOUR).toISOString()}&subject=${subjectName}`,
      { token: who.token },
    )
  const setKeep = (who: Customer, keepDestinations: boolean) =>
    server.call<{ keepDestinations: boolean }>('PUT', '/api/proxy/stats/settings', {
      token: who.token,
      body: { keepDestinations },
    })
  const named = (who: Customer): TunnelStatsReport => {
    const at = { hour: thisHour().toISOString(), kind: 'instance' as const, id: who.instance.id }
    return {
      ...report([subject({ ...at, succeeded: 3, failures: { dns: 1 } })]),
      destinations: [
        { ...at, host: 'example.com', tunnels: 3, failed: 0 },
        { ...at, host: 'nowhere.test', tunnels: 1, failed: 1 },
      ],
    }
  }
  const pulled = async (cursor?: string) =>
    (
      await server.call<{ cursor: string; keepDestinations?: string[] }>(
        'GET',
        `/api/node/v1/users${cursor ? `?cursor=${cursor}` : ''}`,
        { token: nodeA },
      )
    ).body.data

  it('is off by default: host names pushed anyway are not stored', async () => {
    const who = await customer()
    expect((await server.call('GET', '/api/proxy/stats/settings', { token: who.token })).body.data).toEqual({
      keepDestinations: false,
    })
    await push({ tunnels: named(who) })
    expect((await destinations(who)).body.data).toEqual({ keepDestinations: false, items: [] })
    const rows = (await server.db.execute(
      sql`select count(*)::int as n from tunnel_destinations_daily where customer_id = ${who.id}::uuid`,
    )) as unknown as { rows: { n: number }[] }
    expect(rows.rows[0]?.n).toBe(0)
  })

  it('when on, the pull names the customer, host names are kept and shown; off deletes them', async () => {
    const who = await customer()
    const { cursor } = await pulled()
    expect((await setKeep(who, true)).body.data).toEqual({ keepDestinations: true })
    expect((await pulled()).keepDestinations).toContain(who.id)
    expect((await pulled(cursor)).keepDestinations).toContain(who.id)
    await push({ tunnels: named(who) })
    await push({ tunnels: named(who) })
    expect((await destinations(who)).body.data.items).toEqual([
      { host: 'example.com', tunnels: 6, failed: 0 },
      { host: 'nowhere.test', tunnels: 2, failed: 2 },
    ])
    expect((await destinations(who, `instance:${who.instance.id}`)).body.data.items).toHaveLength(2)
    expect((await destinations(who, 'traffic-account')).body.data.items).toEqual([])

    const { cursor: before } = await pulled()
    expect((await setKeep(who, false)).body.data).toEqual({ keepDestinations: false })
    expect((await pulled(before)).keepDestinations).not.toContain(who.id)
    expect((await destinations(who)).body.data).toEqual({ keepDestinations: false, items: [] })
    expect((await setKeep(who, true)).status).toBe(200)
    expect((await destinations(who)).body.data.items).toEqual([])
  })

  it('refuses a malformed setting', async () => {
    const who = await customer()
    for (const body of [{}, { keepDestinations: 'yes' }, { keepDestinations: true, more: 1 }])
      expect((await server.call('PUT', '/api/proxy/stats/settings', { token: who.token, body })).status).toBe(
        400,
      )
  })
})
