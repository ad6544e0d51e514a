import type { UsageSeries } from '@proxy/contract/traffic/usage'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buy, fund, stockRegion } from '../../../test/static-ip.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { addNode, pushTraffic } from '../nodes/nodes.service.ts'

let server: TestServer
let nodeId: string
let region: string
beforeAll(async () => {
  server = await startTestServer()
  region = await stockRegion(server, 10)
  nodeId = (await addNode(server.db, 'usage-node', 'usage.example.com')).id
})
afterAll(() => server.close())

type Kind = 'instance' | 'traffic-account'
/** Usage enters the way a node reports it, at a chosen moment. */
const report = (at: string, kind: Kind, id: string, upBytes: number, downBytes: number) =>
  pushTraffic(
    server.db,
    nodeId,
    { reportId: crypto.randomUUID(), records: [{ kind, id, upBytes, downBytes }] },
    new Date(at),
  )

async function customerWithInstance() {
  const customer = await server.newCustomer()
  await fund(server, customer.email, 100_00)
  const bought = await buy(server, customer.token, {
    regionId: region,
    quantity: 1,
    durationDays: 30,
    protocol: 'socks5',
  })
  expect(bought.status).toBe(200)
  const me = await server.call<{ id: string }>('GET', '/api/user/me', { token: customer.token })
  const instanceId = bought.body.data.instances[0]?.id as string
  // The traffic account exists once the customer has looked at it or bought a package.
  await server.call('GET', '/api/user/traffic-account', { token: customer.token })
  return { ...customer, accountId: me.body.data.id, instanceId }
}

const usage = (token: string, query: Record<string, string>) =>
  server.call<UsageSeries>('GET', `/api/proxy/instances/traffic-usage?${new URLSearchParams(query)}`, {
    token,
  })

const points = (series: UsageSeries['series']) => series.map((p) => [p.time, p.upBytes, p.downBytes])

describe('traffic usage series', () => {
  it('answers every hour in the range, zeros included, summing reports within an hour', async () => {
    const c = await customerWithInstance()
    await report('2026-03-01T10:15:00Z', 'instance', c.instanceId, 100, 1000)
    await report('2026-03-01T10:45:00Z', 'instance', c.instanceId, 50, 500)
    await report('2026-03-01T12:05:00Z', 'traffic-account', c.accountId, 7, 70)
    await report('2026-03-01T13:00:00Z', 'instance', c.instanceId, 1, 1) // at `to`: outside
    const answer = await usage(c.token, {
      from: '2026-03-01T09:30:00Z',
      to: '2026-03-01T13:00:00Z',
      granularity: 'hour',
    })
    expect(answer.status).toBe(200)
    expect(points(answer.body.data.series)).toEqual([
      ['2026-03-01T09:00:00.000Z', 0, 0],
      ['2026-03-01T10:00:00.000Z', 150, 1500],
      ['2026-03-01T11:00:00.000Z', 0, 0],
      ['2026-03-01T12:00:00.000Z', 7, 70],
    ])
    expect(answer.body.data.totals).toEqual({ upBytes: 157, downBytes: 1570 })
    expect(answer.body.data.tz).toBe('Asia/Shanghai')
  })

  it('cuts days at local midnight of the requested zone', async () => {
    const c = await customerWithInstance()
    // 23:30 and 00:30 in Shanghai (UTC+8) are two days there and one day in UTC.
    await report('2026-04-01T15:30:00Z', 'instance', c.instanceId, 1, 10)
    await report('2026-04-01T16:30:00Z', 'instance', c.instanceId, 2, 20)
    const shanghai = await usage(c.token, {
      from: '2026-04-01T00:00:00+08:00',
      to: '2026-04-03T00:00:00+08:00',
      granularity: 'day',
    })
    expect(points(shanghai.body.data.series)).toEqual([
      ['2026-03-31T16:00:00.000Z', 1, 10],
      ['2026-04-01T16:00:00.000Z', 2, 20],
    ])
    const utc = await usage(c.token, {
      from: '2026-04-01T00:00:00Z',
      to: '2026-04-03T00:00:00Z',
      granularity: 'day',
      tz: 'UTC',
    })
    expect(points(utc.body.data.series)).toEqual([
      ['2026-04-01T00:00:00.000Z', 3, 30],
      ['2026-04-02T00:00:00.000Z', 0, 0],
    ])
    // Kathmandu is UTC+5:45: its 1 April starts at 18:15 UTC on 31 March and holds both hours.
    const kathmandu = await usage(c.token, {
      from: '2026-04-01T00:00:00+05:45',
      to: '2026-04-03T00:00:00+05:45',
      granularity: 'day',
      tz: 'Asia/Kathmandu',
    })
    expect(points(kathmandu.body.data.series)).toEqual([
      ['2026-03-31T18:15:00.000Z', 3, 30],
      ['2026-04-01T18:15:00.000Z', 0, 0],
    ])
  })

  it('keeps a 23-hour daylight-saving day as one bucket', async () => {
    const c = await customerWithInstance()
    // New York springs forward on 2026-03-08: that day runs 05:00Z to 04:00Z next day.
    await report('2026-03-09T03:30:00Z', 'instance', c.instanceId, 5, 5)
    await report('2026-03-09T04:30:00Z', 'instance', c.instanceId, 9, 9)
    const answer = await usage(c.token, {
      from: '2026-03-07T00:00:00-05:00',
      to: '2026-03-10T00:00:00-04:00',
      granularity: 'day',
      tz: 'America/New_York',
    })
    expect(points(answer.body.data.series)).toEqual([
      ['2026-03-07T05:00:00.000Z', 0, 0],
      ['2026-03-08T05:00:00.000Z', 5, 5],
      ['2026-03-09T04:00:00.000Z', 9, 9],
    ])
  })

  it('narrows to the traffic account or one instance, and never shows another customer', async () => {
    const c = await customerWithInstance()
    const other = await customerWithInstance()
    await report('2026-05-01T08:10:00Z', 'instance', c.instanceId, 10, 100)
    await report('2026-05-01T08:20:00Z', 'traffic-account', c.accountId, 20, 200)
    await report('2026-05-01T08:30:00Z', 'instance', other.instanceId, 999, 999)
    await report('2026-05-01T08:40:00Z', 'traffic-account', other.accountId, 999, 999)
    const range = { from: '2026-05-01T08:00:00Z', to: '2026-05-01T09:00:00Z' }
    const totals = async (query: Record<string, string>) =>
      (await usage(c.token, { ...range, ...query })).body.data.totals
    expect(await totals({})).toEqual({ upBytes: 30, downBytes: 300 })
    expect(await totals({ scope: 'all' })).toEqual({ upBytes: 30, downBytes: 300 })
    expect(await totals({ scope: 'traffic-account' })).toEqual({ upBytes: 20, downBytes: 200 })
    expect(await totals({ instanceId: c.instanceId })).toEqual({ upBytes: 10, downBytes: 100 })
  })

  it('answers 404 for another customer’s instance and for one that does not exist', async () => {
    const c = await customerWithInstance()
    const other = await customerWithInstance()
    const range = { from: '2026-05-01T00:00:00Z', to: '2026-05-02T00:00:00Z' }
    for (const instanceId of [other.instanceId, crypto.randomUUID()]) {
      const answer = await usage(c.token, { ...range, instanceId })
      expect(answer.status).toBe(404)
      expect(answer.body.data).toBeNull()
    }
    expect((await usage(other.token, { ...range, instanceId: other.instanceId })).status).toBe(200)
  })

  it('rejects bad ranges, zones and mixed scopes with 400 and needs a token', async () => {
    const c = await customerWithInstance()
    const bad: Record<string, string>[] = [
      {},
      { from: '2026-05-02T00:00:00Z', to: '2026-05-01T00:00:00Z' },
      { from: '2026-05-01T00:00:00Z', to: '2026-05-01T00:00:00Z' },
      { from: '2026-01-01T00:00:00Z', to: '2026-05-01T00:00:00Z', granularity: 'hour' },
      { from: '2025-01-01T00:00:00Z', to: '2026-05-01T00:00:00Z', granularity: 'day' },
      { from: '2026-05-01T00:00:00Z', to: '2026-05-02T00:00:00Z', tz: 'Mars/Olympus' },
      { from: '2026-05-01T00:00:00Z', to: '2026-05-02T00:00:00Z', granularity: 'week' },
      { from: '2026-05-01', to: '2026-05-02' },
      { from: '2026-05-01T00:00:00Z', to: '2026-05-02T00:00:00Z', scope: 'all', instanceId: c.instanceId },
      { from: '2026-05-01T00:00:00Z', to: '2026-05-02T00:00:00Z', instanceId: 'not-a-uuid' },
    ]
    for (const query of bad) {
      const answer = await usage(c.token, query)
      expect(answer.status, JSON.stringify(query)).toBe(400)
      expect(answer.body.code).toBe(1001)
    }
    const anonymous = await server.call(
      'GET',
      '/api/proxy/instances/traffic-usage?from=2026-05-01T00:00:00Z&to=2026-05-02T00:00:00Z',
    )
    expect(anonymous.status).toBe(401)
  })

  it('answers a 30-day hourly range as 720 buckets', async () => {
    const c = await customerWithInstance()
    const answer = await usage(c.token, { from: '2026-06-01T00:00:00Z', to: '2026-07-01T00:00:00Z' })
    expect(answer.body.data.series).toHaveLength(720)
    expect(answer.body.data.totals).toEqual({ upBytes: 0, downBytes: 0 })
  })
})
