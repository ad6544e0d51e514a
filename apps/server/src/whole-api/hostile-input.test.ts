// Inputs the database would refuse (NUL in text, years it cannot store) are refused at the edge
// with a 400 envelope, and change nothing.
import { errorCatalogue } from '@proxy/contract/errors'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Bought, buy, fund, stockRegion } from '../../test/static-ip.ts'
import { startTestServer, type TestServer } from '../../test/test-server.ts'
import { addNode } from '../modules/nodes/nodes.service.ts'

let server: TestServer
let customer: { email: string; token: string }
let instance: Bought['instances'][number]
let regionId: string
let nodeToken: string

beforeAll(async () => {
  server = await startTestServer()
  customer = await server.newCustomer()
  regionId = await stockRegion(server, 2)
  await fund(server, customer.email, 100_00)
  const bought = await buy(server, customer.token, {
    regionId,
    quantity: 1,
    durationDays: 30,
    protocol: 'socks5',
    autoRenew: false,
  })
  expect(bought.status).toBe(200)
  instance = bought.body.data.instances[0] as Bought['instances'][number]
  nodeToken = (await addNode(server.db, 'hostile-node', 'node.example.com')).token
})
afterAll(() => server.close())

const expectRefused = (answer: { status: number; body: { code: number } }, what: string) => {
  expect(answer.status, what).toBe(400)
  expect(answer.body.code, what).toBe(errorCatalogue.VALIDATION_FAILED.code)
}

describe('control characters', () => {
  const nul = 'a\u0000b'

  it('are refused in names, remarks and searches, and nothing changes', async () => {
    const { token } = customer
    expectRefused(await server.call('PATCH', '/api/user/me', { token, body: { name: nul } }), 'name')
    expectRefused(await server.call('POST', '/api/user/api-tokens', { token, body: { name: nul } }), 'token')
    for (const body of [{ lineInstanceName: nul }, { remark: nul }, { remark: 'bell\u0007' }])
      expectRefused(
        await server.call('PATCH', `/api/proxy/instances/${instance.id}`, { token, body }),
        JSON.stringify(body),
      )
    for (const query of ['keyword=a%00b', 'region=a%00b', 'keyword=%1B%5B31m'])
      expectRefused(await server.call('GET', `/api/proxy/instances?${query}`, { token }), query)

    const me = await server.call<{ name: string }>('GET', '/api/user/me', { token })
    expect(me.body.data.name).not.toContain('\u0000')
    const tokens = await server.call<{ items: unknown[] }>('GET', '/api/user/api-tokens', { token })
    expect(tokens.body.data.items).toHaveLength(0)
    const detail = await server.call<{ lineInstanceName: string; remark: string }>(
      'GET',
      `/api/proxy/instances/${instance.id}`,
      { token },
    )
    expect(detail.body.data).toMatchObject({ lineInstanceName: instance.lineInstanceName, remark: '' })
  })

  it('leave tabs and line breaks in a remark, which may span lines', async () => {
    const remark = 'line one\n\tline two'
    const answer = await server.call<{ remark: string }>('PATCH', `/api/proxy/instances/${instance.id}`, {
      token: customer.token,
      body: { remark },
    })
    expect(answer.status).toBe(200)
    expect(answer.body.data.remark).toBe(remark)
  })

  it('are refused in a node report id, which is not consumed', async () => {
    const push = (reportId: string) =>
      server.call('POST', '/api/node/v1/traffic', {
        token: nodeToken,
        body: { reportId, records: [] },
      })
    expectRefused(await push(`r-${nul}`), 'reportId')
    expect((await push('r-clean')).status).toBe(200)
  })
})

describe('instants', () => {
  const ranges = [
    ['0000-01-01T00:00:00Z', '2026-01-01T00:00:00Z'],
    ['2026-01-01T00:00:00Z', '9999-12-31T23:59:59Z'],
    ['1969-12-31T00:00:00Z', '1970-01-02T00:00:00Z'],
  ]

  it('outside 2000–2100 are refused on billing records, their CSV and the usage series', async () => {
    const { token } = customer
    for (const [from, to] of ranges) {
      const range = `from=${encodeURIComponent(from as string)}&to=${encodeURIComponent(to as string)}`
      expectRefused(await server.call('GET', `/api/user/wallet/transactions?${range}`, { token }), range)
      expectRefused(
        await server.call('GET', `/api/user/wallet/transactions/export?${range}`, { token }),
        range,
      )
      expectRefused(
        await server.call('GET', `/api/proxy/instances/traffic-usage?${range}&granularity=day`, { token }),
        range,
      )
    }
  })

  it('inside the bounds still answer', async () => {
    const range = 'from=2026-01-01T00:00:00%2B08:00&to=2026-01-02T00:00:00%2B08:00'
    const { token } = customer
    expect((await server.call('GET', `/api/user/wallet/transactions?${range}`, { token })).status).toBe(200)
    expect((await server.call('GET', `/api/proxy/instances/traffic-usage?${range}`, { token })).status).toBe(
      200,
    )
  })
})
