// The alerts job with the clock the test hands in: every kind of condition fires once when it starts
// to hold, stays quiet while it keeps holding, re-arms when it clears and fires again on the next
// crossing; a firing mails (both languages, verified addresses only) and queues one signed event
// per enabled webhook endpoint.
import type { AlertRule } from '@proxy/contract/alerts/rules'
import type { WebhookEvent } from '@proxy/contract/alerts/webhooks'
import { GB } from '@proxy/contract/traffic/endpoints'
import { eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { isAccountLinkMail, mailsTo, verifyEmailOf } from '../../../test/account-mail.ts'
import { creditWallet } from '../../../test/fixtures.ts'
import { expectLedgerInvariants } from '../../../test/invariants.ts'
import { buy, fund, stockRegion } from '../../../test/static-ip.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { addNode, pushTraffic } from '../nodes/nodes.service.ts'
import { seedDemoCatalog } from '../seed/demo-catalog.ts'
import { proxyInstances } from '../static-ip/static-ip.schema.ts'
import { webhookDeliveries } from './alerts.schema.ts'

let server: TestServer
let nodeId: string
let region: string
beforeAll(async () => {
  server = await startTestServer()
  await seedDemoCatalog(server.db)
  region = await stockRegion(server, 10)
  nodeId = (await addNode(server.db, 'alerts-node', 'alerts.example.com')).id
})
afterEach(() => expectLedgerInvariants(server.db))
afterAll(() => server.close())

type Customer = Awaited<ReturnType<TestServer['newCustomer']>> & { id: string }

async function customer(cents = 100_00, { isVerified = true } = {}): Promise<Customer> {
  const c = await server.newCustomer()
  await fund(server, c.email, cents)
  if (isVerified) await verifyEmailOf(server, c.email)
  const me = await server.call<{ id: string }>('GET', '/api/user/me', { token: c.token })
  return { ...c, id: me.body.data.id }
}

async function rule(c: Customer, condition: Record<string, unknown>, webhook = false) {
  const answer = await server.call<AlertRule>('POST', '/api/user/alerts', {
    token: c.token,
    body: { name: `watch ${condition.kind}`, condition, channels: { email: true, webhook } },
  })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.data
}

const ruleOf = async (c: Customer, id: string) =>
  (
    await server.call<{ items: AlertRule[] }>('GET', '/api/user/alerts', { token: c.token })
  ).body.data.items.find((item) => item.id === id)
const alertMails = async (c: Customer) =>
  (await mailsTo(server, c.email)).filter((mail) => !isAccountLinkMail(mail))
/** The job, run twice at the same moment: a second run right after must change nothing. */
const check = async (now = new Date()) => {
  const fired = await server.app.alerts.evaluate(now)
  expect(await server.app.alerts.evaluate(now)).toBe(0)
  return fired
}
const buyTraffic = (c: Customer) =>
  server.call('POST', '/api/orders/traffic', {
    token: c.token,
    body: { planId: 'gb-10', quantity: 1 },
    headers: { 'idempotency-key': crypto.randomUUID() },
  })
const MB = 1024 ** 2
const use = (c: Customer, bytes: number) =>
  pushTraffic(server.db, nodeId, {
    reportId: crypto.randomUUID(),
    records: [{ kind: 'traffic-account', id: c.id, upBytes: 0, downBytes: bytes }],
  })

describe('the alerts job', () => {
  it('fires a wallet alert once per crossing, mailing in both languages', async () => {
    const c = await customer(100_00)
    const watch = await rule(c, { kind: 'wallet-below', amount: 50 })
    expect(await check()).toBe(0)

    await creditWallet(server.db, c.id, -60_00) // $40 left
    expect(await check()).toBe(1)
    expect(await ruleOf(c, watch.id)).toMatchObject({ triggered: true, lastValue: 40 })
    const [mail] = await alertMails(c)
    expect(mail?.subject).toBe(`告警：${watch.name} / Alert: ${watch.name}`)
    expect(mail?.text).toContain('钱包余额 $40.00，低于您设置的 $50.00')
    expect(mail?.text).toContain('Your wallet balance is $40.00, below your threshold of $50.00')

    await creditWallet(server.db, c.id, -10_00) // still below: no second mail
    expect(await check()).toBe(0)
    await creditWallet(server.db, c.id, 30_00) // $60: clears, re-armed
    expect(await check()).toBe(0)
    expect((await ruleOf(c, watch.id))?.triggered).toBe(false)
    await creditWallet(server.db, c.id, -20_00) // $40 again: the second crossing
    expect(await check()).toBe(1)
    expect(await alertMails(c)).toHaveLength(2)
  })

  it('fires on the traffic left in bytes and as a share of what was bought', async () => {
    const c = await customer()
    expect((await buyTraffic(c)).status).toBe(200)
    const bytes = await rule(c, { kind: 'traffic-left-bytes', bytes: 2 * GB })
    const percent = await rule(c, { kind: 'traffic-left-percent', percent: 10 })
    expect(await check()).toBe(0)

    await use(c, 8.5 * GB) // 1.5 GB left: 15 %
    expect(await check()).toBe(1)
    expect(await ruleOf(c, bytes.id)).toMatchObject({ triggered: true, lastValue: 1.5 * GB })
    expect((await ruleOf(c, percent.id))?.triggered).toBe(false)

    await use(c, 640 * MB) // 0.875 GB left: 8.75 %
    expect(await check()).toBe(1)
    expect(await ruleOf(c, percent.id)).toMatchObject({ triggered: true, lastValue: 8 })

    // A new package: 10.875 GB of 20 GB left, both clear; used down again, both fire again.
    expect((await buyTraffic(c)).status).toBe(200)
    expect(await check()).toBe(0)
    expect((await ruleOf(c, bytes.id))?.triggered).toBe(false)
    await use(c, 10 * GB)
    expect(await check()).toBe(2)
    expect(await alertMails(c)).toHaveLength(4)
  })

  it('treats traffic as gone when the last package has expired', async () => {
    const c = await customer()
    await buyTraffic(c)
    const watch = await rule(c, { kind: 'traffic-left-percent', percent: 5 })
    expect(await check()).toBe(0)
    expect(await check(new Date(Date.now() + 31 * 24 * 3600_000))).toBe(1)
    expect(await ruleOf(c, watch.id)).toMatchObject({ triggered: true, lastValue: 0 })
  })

  it('fires when a static IP without auto-renew comes within N days of expiry', async () => {
    const c = await customer(300_00)
    const plain = await buy(server, c.token, {
      regionId: region,
      quantity: 1,
      durationDays: 30,
      protocol: 'socks5',
    })
    const renewing = await buy(server, c.token, {
      regionId: region,
      quantity: 1,
      durationDays: 30,
      protocol: 'socks5',
      autoRenew: true,
    })
    expect([plain.status, renewing.status]).toEqual([200, 200])
    await server.db
      .update(proxyInstances)
      .set({ expiresAt: sql`now() + interval '5 days'` })
      .where(eq(proxyInstances.userId, c.id))
    const watch = await rule(c, { kind: 'static-ips-expiring', days: 3 })
    expect(await check()).toBe(0)
    // Three days on, both are within 3 days of expiry; only the one without auto-renew counts.
    expect(await check(new Date(Date.now() + 3 * 24 * 3600_000))).toBe(1)
    expect(await ruleOf(c, watch.id)).toMatchObject({ triggered: true, lastValue: 1 })
    const [mail] = await alertMails(c)
    expect(mail?.text).toContain('1 static IP(s) without auto-renew expire within 3 days')
  })

  it('leaves disabled rules alone and arms a rule afresh when it is turned back on', async () => {
    const c = await customer(10_00)
    const watch = await rule(c, { kind: 'wallet-below', amount: 50 })
    await server.call('PATCH', `/api/user/alerts/${watch.id}`, { token: c.token, body: { enabled: false } })
    expect(await check()).toBe(0)
    await server.call('PATCH', `/api/user/alerts/${watch.id}`, { token: c.token, body: { enabled: true } })
    expect(await check()).toBe(1)
    // Turned on again while still on: nothing re-armed, nothing told twice.
    await server.call('PATCH', `/api/user/alerts/${watch.id}`, { token: c.token, body: { enabled: true } })
    expect(await check()).toBe(0)
    // A changed condition is armed afresh.
    await server.call('PATCH', `/api/user/alerts/${watch.id}`, {
      token: c.token,
      body: { condition: { kind: 'wallet-below', amount: 40 } },
    })
    expect(await check()).toBe(1)
  })

  it('queues one signed event per enabled endpoint, and mails only a verified address', async () => {
    const c = await customer(10_00, { isVerified: false })
    const endpoints = []
    for (const enabled of [true, true, false]) {
      const answer = await server.call<{ endpoint: { id: string } }>('POST', '/api/user/webhooks', {
        token: c.token,
        body: { url: 'https://127.0.0.1:9/hook', enabled },
      })
      endpoints.push(answer.body.data.endpoint.id)
    }
    const watch = await rule(c, { kind: 'wallet-below', amount: 50 }, true)
    const now = new Date()
    expect(await check(now)).toBe(1)
    expect(await alertMails(c)).toEqual([])
    const queued = await server.db
      .select()
      .from(webhookDeliveries)
      .where(sql`${webhookDeliveries.endpointId} in (${sql.join(endpoints, sql`, `)})`)
    expect(queued.map((row) => row.endpointId).sort()).toEqual(endpoints.slice(0, 2).sort())
    const [event] = queued.map((row) => JSON.parse(row.body) as WebhookEvent)
    expect(queued.map((row) => row.eventId)).toEqual([event?.id, event?.id])
    expect(event).toEqual({
      id: expect.any(String),
      type: 'alert.triggered',
      version: 1,
      created_at: now.toISOString(),
      data: {
        rule: { id: watch.id, name: watch.name, condition: { kind: 'wallet-below', amount: 50 } },
        value: 10,
        triggered_at: now.toISOString(),
      },
    })
    expect(queued.every((row) => row.status === 'pending' && row.attempts === 0)).toBe(true)
  })
})
