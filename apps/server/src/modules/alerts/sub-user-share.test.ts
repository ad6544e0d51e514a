// The sub-user-share condition: a rule fires once when a limited sub-user reaches the share of its
// limit, never for one without a limit, once per sub-user when it watches them all, and again only in
// a new period or under a changed limit; a sub-user that is not the customer's answers 404.
import type { AlertRule } from '@proxy/contract/alerts/rules'
import type { WebhookEvent } from '@proxy/contract/alerts/webhooks'
import type { SubUserWithPassword } from '@proxy/contract/traffic/sub-users'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { isAccountLinkMail, mailsTo, verifyEmailOf } from '../../../test/account-mail.ts'
import { expectLedgerInvariants } from '../../../test/invariants.ts'
import { fund } from '../../../test/static-ip.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { addNode, pushTraffic } from '../nodes/nodes.service.ts'
import { seedDemoCatalog } from '../seed/demo-catalog.ts'
import { calendarOf } from '../sub-users/local-days.ts'
import { alertRules, webhookDeliveries } from './alerts.schema.ts'

let server: TestServer
let nodeId: string
beforeAll(async () => {
  server = await startTestServer()
  await seedDemoCatalog(server.db)
  nodeId = (await addNode(server.db, 'share-node', 'share.example.com')).id
})
afterEach(() => expectLedgerInvariants(server.db))
afterAll(() => server.close())

const MiB = 1024 ** 2
const HOUR = 3600_000

/** A verified customer with one 10 GB package. */
async function customer() {
  const c = await server.newCustomer()
  await fund(server, c.email, 100_00)
  await verifyEmailOf(server, c.email)
  const bought = await server.call('POST', '/api/orders/traffic', {
    token: c.token,
    body: { planId: 'gb-10', quantity: 1 },
    headers: { 'idempotency-key': crypto.randomUUID() },
  })
  expect(bought.status).toBe(200)
  return c
}
type Customer = Awaited<ReturnType<typeof customer>>

async function subUser(c: Customer, limit?: { bytes: number; period: 'total' | 'day' | 'month' }) {
  const answer = await server.call<SubUserWithPassword>('POST', '/api/user/sub-users', {
    token: c.token,
    body: { username: `share-${crypto.randomUUID().slice(0, 8)}`, ...(limit && { limit }) },
  })
  expect(answer.status).toBe(200)
  return answer.body.data
}

const create = (c: Customer, condition: Record<string, unknown>) =>
  server.call<AlertRule>('POST', '/api/user/alerts', {
    token: c.token,
    body: { name: 'Sub-user budget', condition, channels: { email: true, webhook: true } },
  })
async function rule(c: Customer, condition: Record<string, unknown>) {
  const answer = await create(c, condition)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.data
}
const ruleOf = async (c: Customer, id: string) =>
  (
    await server.call<{ items: AlertRule[] }>('GET', '/api/user/alerts', { token: c.token })
  ).body.data.items.find((item) => item.id === id)

/** The job, run twice at the same moment: a second run right after must change nothing. */
async function check(now: Date) {
  const fired = await server.app.alerts.evaluate(now)
  expect(await server.app.alerts.evaluate(now)).toBe(0)
  return fired
}
const use = (id: string, bytes: number, at: Date) =>
  pushTraffic(
    server.db,
    nodeId,
    { reportId: crypto.randomUUID(), records: [{ kind: 'sub-user', id, upBytes: 0, downBytes: bytes }] },
    at,
  )
const alertMails = async (c: Customer) =>
  (await mailsTo(server, c.email)).filter((mail) => !isAccountLinkMail(mail))

/**
 * 01:00 in the default zone (Asia/Shanghai) `days` after tomorrow: a whole local day lies ahead of it.
 * The job looks at every customer, so each test takes days of its own, later than the tests before.
 */
const earlyDay = (days: number) =>
  new Date(calendarOf('Asia/Shanghai').nextDay.getTime() + HOUR + days * 24 * HOUR)

describe('the sub-user-share condition', () => {
  it('fires once per crossing for each limited sub-user of a rule, never for an unlimited one', async () => {
    const c = await customer()
    const hook = await server.call<{ endpoint: { id: string } }>('POST', '/api/user/webhooks', {
      token: c.token,
      body: { url: 'https://127.0.0.1:9/hook' },
    })
    const daily = await subUser(c, { bytes: 100 * MiB, period: 'day' })
    const total = await subUser(c, { bytes: 200 * MiB, period: 'total' })
    const unlimited = await subUser(c)
    const watch = await rule(c, { kind: 'sub-user-share', percent: 80 })
    expect(watch.condition).toEqual({ kind: 'sub-user-share', percent: 80 })
    const at = earlyDay(0)
    expect(await check(at)).toBe(0)

    await use(daily.id, 79 * MiB, at)
    await use(unlimited.id, 5000 * MiB, at)
    expect(await check(at)).toBe(0)

    await use(daily.id, MiB, at) // 80 % of its day
    expect(await check(at)).toBe(1)
    expect(await ruleOf(c, watch.id)).toMatchObject({ triggered: true, lastValue: 80 })
    await use(daily.id, 5 * MiB, at) // still past it: told already
    expect(await check(at)).toBe(0)

    // Another sub-user of the same rule crosses on its own.
    await use(total.id, 190 * MiB, at)
    expect(await check(at)).toBe(1)
    expect((await ruleOf(c, watch.id))?.lastValue).toBe(95)

    const mails = await alertMails(c)
    expect(mails.map((mail) => mail.subject)).toEqual([
      `告警：Sub-user budget (${daily.username}) / Alert: Sub-user budget (${daily.username})`,
      `告警：Sub-user budget (${total.username}) / Alert: Sub-user budget (${total.username})`,
    ])
    expect(mails[0]?.text).toContain(`子用户 ${daily.username} 今日已用流量限额的 80%（80 MB / 100 MB）`)
    expect(mails[0]?.text).toContain(
      `Sub-user ${daily.username} has used 80% of its daily limit today (80 MB of 100 MB), reaching your threshold of 80%.`,
    )
    expect(mails[1]?.text).toContain(`has used 95% of its limit (190 MB of 200 MB)`)

    const events = (
      await server.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, hook.body.data.endpoint.id))
        .orderBy(webhookDeliveries.createdAt)
    ).map((row) => JSON.parse(row.body) as WebhookEvent)
    expect(events.map((event) => event.data)).toEqual([
      {
        rule: { id: watch.id, name: watch.name, condition: { kind: 'sub-user-share', percent: 80 } },
        value: 80,
        sub_user: {
          id: daily.id,
          username: daily.username,
          used_bytes: 80 * MiB,
          limit_bytes: 100 * MiB,
          period: 'day',
        },
        triggered_at: at.toISOString(),
      },
      expect.objectContaining({ value: 95, sub_user: expect.objectContaining({ id: total.id }) }),
    ])
  })

  it("re-arms a sub-user's crossing in its next local day and after its limit changes", async () => {
    const c = await customer()
    const daily = await subUser(c, { bytes: 100 * MiB, period: 'day' })
    const watch = await rule(c, { kind: 'sub-user-share', subUserId: daily.id, percent: 50 })
    const today = earlyDay(1)
    await use(daily.id, 60 * MiB, today)
    expect(await check(today)).toBe(1)

    // The next local day its count starts from 0: cleared, and told again when it crosses anew.
    const nextDay = earlyDay(2)
    expect(await check(nextDay)).toBe(0)
    expect((await ruleOf(c, watch.id))?.triggered).toBe(false)
    await use(daily.id, 55 * MiB, nextDay)
    expect(await check(nextDay)).toBe(1)

    // A changed limit is a new budget: told again although still past the share ...
    const patch = (bytes: number) =>
      server.call('PATCH', `/api/user/sub-users/${daily.id}`, {
        token: c.token,
        body: { limit: { bytes, period: 'day' } },
      })
    expect((await patch(80 * MiB)).status).toBe(200)
    expect(await check(nextDay)).toBe(1)
    expect((await ruleOf(c, watch.id))?.lastValue).toBe(68)
    // ... and one raised past the use clears it, until the use reaches the share again.
    await patch(1000 * MiB)
    expect(await check(nextDay)).toBe(0)
    expect((await ruleOf(c, watch.id))?.triggered).toBe(false)
    await use(daily.id, 500 * MiB, nextDay)
    expect(await check(nextDay)).toBe(1)
    // Taking the limit away ends the watch: nothing holds.
    await server.call('PATCH', `/api/user/sub-users/${daily.id}`, { token: c.token, body: { limit: null } })
    expect(await check(nextDay)).toBe(0)
    expect((await ruleOf(c, watch.id))?.triggered).toBe(false)
    expect(await alertMails(c)).toHaveLength(4)
  })

  it('watches only the sub-user it names, and re-arms when the rule changes or is turned back on', async () => {
    const c = await customer()
    const watched = await subUser(c, { bytes: 10 * MiB, period: 'month' })
    const other = await subUser(c, { bytes: 10 * MiB, period: 'month' })
    const watch = await rule(c, { kind: 'sub-user-share', subUserId: watched.id, percent: 100 })
    expect(watch.condition).toEqual({ kind: 'sub-user-share', subUserId: watched.id, percent: 100 })
    const at = earlyDay(3)
    await use(other.id, 20 * MiB, at)
    expect(await check(at)).toBe(0)
    await use(watched.id, 10 * MiB, at)
    expect(await check(at)).toBe(1)
    const [stored] = await server.db.select().from(alertRules).where(eq(alertRules.id, watch.id))
    expect(stored?.firedCrossings).toHaveLength(1)

    const toggle = (enabled: boolean) =>
      server.call('PATCH', `/api/user/alerts/${watch.id}`, { token: c.token, body: { enabled } })
    await toggle(false)
    await toggle(true)
    expect(await check(at)).toBe(1)
    // Watching all of them now: the other one is told, and the watched one again (a new condition).
    const widened = await server.call<AlertRule>('PATCH', `/api/user/alerts/${watch.id}`, {
      token: c.token,
      body: { condition: { kind: 'sub-user-share', percent: 90 } },
    })
    expect(widened.body.data).toMatchObject({
      condition: { kind: 'sub-user-share', percent: 90 },
      triggered: false,
    })
    expect(await check(at)).toBe(2)
    // A deleted sub-user drops out of the rule's state.
    await server.call('DELETE', `/api/user/sub-users/${other.id}`, { token: c.token })
    expect(await check(at)).toBe(0)
    const [after] = await server.db.select().from(alertRules).where(eq(alertRules.id, watch.id))
    expect(after?.firedCrossings).toEqual([expect.stringContaining(watched.id)])
  })

  it("answers 404 for another customer's sub-user or a deleted one, on create and on update", async () => {
    const [owner, intruder] = [await customer(), await customer()]
    const theirs = await subUser(owner, { bytes: 10 * MiB, period: 'total' })
    expect(
      (await create(intruder, { kind: 'sub-user-share', subUserId: theirs.id, percent: 50 })).status,
    ).toBe(404)
    const mine = await rule(intruder, { kind: 'wallet-below', amount: 5 })
    const changed = await server.call('PATCH', `/api/user/alerts/${mine.id}`, {
      token: intruder.token,
      body: { condition: { kind: 'sub-user-share', subUserId: theirs.id, percent: 50 } },
    })
    expect(changed.status).toBe(404)
    expect((await ruleOf(intruder, mine.id))?.condition).toEqual({ kind: 'wallet-below', amount: 5 })

    const gone = await subUser(intruder, { bytes: 10 * MiB, period: 'total' })
    await server.call('DELETE', `/api/user/sub-users/${gone.id}`, { token: intruder.token })
    expect((await create(intruder, { kind: 'sub-user-share', subUserId: gone.id, percent: 50 })).status).toBe(
      404,
    )
    for (const percent of [0, 101, 50.5])
      expect((await create(intruder, { kind: 'sub-user-share', percent })).status).toBe(400)
    expect((await create(intruder, { kind: 'sub-user-share', subUserId: 'x', percent: 50 })).status).toBe(400)
  })

  it('keeps the job running for every customer when one saved a zone PostgreSQL does not know', async () => {
    // The runtime takes US/Pacific-New (a link it still knows); PostgreSQL dropped it.
    const [odd, plain] = [await customer(), await customer()]
    const saved = await server.call('PATCH', '/api/user/me', {
      token: odd.token,
      body: { timeZone: 'US/Pacific-New' },
    })
    expect(saved.status).toBe(200)
    const at = earlyDay(4)
    for (const c of [odd, plain]) {
      const sub = await subUser(c, { bytes: 10 * MiB, period: 'month' })
      await rule(c, { kind: 'sub-user-share', percent: 50 })
      await use(sub.id, 6 * MiB, at)
    }
    expect(await check(at)).toBe(2)
  })
})
