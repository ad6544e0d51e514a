// Alert rules over HTTP: create, list, change, toggle and delete; the contract's validation; the
// per-customer limit; and another customer's rule answering 404 on every route that takes its id.
import { ALERT_RULES_MAX, type AlertRule } from '@proxy/contract/alerts/rules'
import { errorCatalogue } from '@proxy/contract/errors'
import { GB } from '@proxy/contract/traffic/endpoints'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const create = (token: string, body: unknown) =>
  server.call<AlertRule>('POST', '/api/user/alerts', { token, body })
const list = async (token: string) =>
  (await server.call<{ items: AlertRule[]; max: number }>('GET', '/api/user/alerts', { token })).body.data

const walletRule = {
  name: 'Low balance',
  condition: { kind: 'wallet-below', amount: 20.5 },
  channels: { email: true, webhook: false },
}

describe('alert rules', () => {
  it('are created, listed, changed, turned off and on, and deleted', async () => {
    const { token } = await server.newCustomer()
    expect(await list(token)).toEqual({ items: [], max: ALERT_RULES_MAX })
    const created = await create(token, walletRule)
    expect(created.status).toBe(200)
    expect(created.body.data).toMatchObject({
      name: 'Low balance',
      condition: { kind: 'wallet-below', amount: 20.5 },
      channels: { email: true, webhook: false },
      enabled: true,
      triggered: false,
      lastFiredAt: null,
      lastValue: null,
    })
    const id = created.body.data.id
    const traffic = await create(token, {
      name: 'Traffic',
      condition: { kind: 'traffic-left-bytes', bytes: 2 * GB },
      channels: { email: false, webhook: true },
      enabled: false,
    })
    expect(traffic.body.data).toMatchObject({ condition: { bytes: 2 * GB }, enabled: false })
    expect((await list(token)).items.map((rule) => rule.name)).toEqual(['Low balance', 'Traffic'])

    const changed = await server.call<AlertRule>('PATCH', `/api/user/alerts/${id}`, {
      token,
      body: { name: 'Balance', condition: { kind: 'static-ips-expiring', days: 7 } },
    })
    expect(changed.status).toBe(200)
    expect(changed.body.data).toMatchObject({
      name: 'Balance',
      condition: { kind: 'static-ips-expiring', days: 7 },
      channels: { email: true, webhook: false },
    })
    const off = await server.call<AlertRule>('PATCH', `/api/user/alerts/${id}`, {
      token,
      body: { enabled: false },
    })
    expect(off.body.data.enabled).toBe(false)

    expect((await server.call('DELETE', `/api/user/alerts/${id}`, { token })).status).toBe(200)
    expect((await list(token)).items.map((rule) => rule.name)).toEqual(['Traffic'])
    expect((await server.call('DELETE', `/api/user/alerts/${id}`, { token })).status).toBe(404)
  })

  it('refuse bad input with a 400 and change nothing', async () => {
    const { token } = await server.newCustomer()
    const bad = [
      { ...walletRule, name: '' },
      { ...walletRule, name: 'x'.repeat(61) },
      { ...walletRule, name: 'bell\u0007' },
      { ...walletRule, condition: { kind: 'wallet-below', amount: 0 } },
      { ...walletRule, condition: { kind: 'wallet-below', amount: 1.234 } },
      { ...walletRule, condition: { kind: 'traffic-left-percent', percent: 100 } },
      { ...walletRule, condition: { kind: 'traffic-left-bytes', bytes: 1.5 } },
      { ...walletRule, condition: { kind: 'static-ips-expiring', days: 0 } },
      { ...walletRule, condition: { kind: 'sub-user-count', percent: 50 } },
      { ...walletRule, condition: { kind: 'sub-user-share', subUserId: 'someone', percent: 50 } },
      { ...walletRule, condition: { kind: 'wallet-below', amount: 5, bytes: 3 } },
      { ...walletRule, channels: { email: false, webhook: false } },
      { ...walletRule, extra: true },
    ]
    for (const body of bad) {
      const answer = await create(token, body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.code).toBe(errorCatalogue.VALIDATION_FAILED.code)
    }
    const { id } = (await create(token, walletRule)).body.data
    const empty = await server.call('PATCH', `/api/user/alerts/${id}`, { token, body: {} })
    expect(empty.status).toBe(400)
    expect((await list(token)).items).toHaveLength(1)
  })

  it(`stop at ${ALERT_RULES_MAX} per customer`, async () => {
    const { token } = await server.newCustomer()
    for (let n = 0; n < ALERT_RULES_MAX; n++)
      expect((await create(token, { ...walletRule, name: `rule ${n}` })).status).toBe(200)
    const full = await create(token, walletRule)
    expect(full.status).toBe(422)
    expect(full.body.code).toBe(errorCatalogue.ALERT_RULES_FULL.code)
  })

  it("answer 404 for another customer's rule and leave it as it was", async () => {
    const owner = await server.newCustomer()
    const other = await server.newCustomer()
    const { id } = (await create(owner.token, walletRule)).body.data
    const patch = await server.call('PATCH', `/api/user/alerts/${id}`, {
      token: other.token,
      body: { enabled: false },
    })
    expect(patch.status).toBe(404)
    expect(patch.body.code).toBe(errorCatalogue.NOT_FOUND.code)
    expect((await server.call('DELETE', `/api/user/alerts/${id}`, { token: other.token })).status).toBe(404)
    expect((await list(other.token)).items).toEqual([])
    expect((await list(owner.token)).items).toMatchObject([{ id, enabled: true }])
  })

  it('need a signed-in customer', async () => {
    expect((await server.call('GET', '/api/user/alerts')).status).toBe(401)
    expect((await server.call('POST', '/api/user/alerts', { body: walletRule })).status).toBe(401)
  })
})
