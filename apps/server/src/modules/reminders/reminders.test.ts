import type { Notice } from '@proxy/contract/notices/endpoints'
import { GB } from '@proxy/contract/traffic/endpoints'
import { eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { isAccountLinkMail, verifyEmailOf } from '../../../test/account-mail.ts'
import { expectLedgerInvariants } from '../../../test/invariants.ts'
import { buy, fund, stockRegion } from '../../../test/static-ip.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { mailOutbox } from '../../platform/mail/mail.schema.ts'
import { addNode, pushTraffic } from '../nodes/nodes.service.ts'
import { seedDemoCatalog } from '../seed/demo-catalog.ts'
import { proxyInstances } from '../static-ip/static-ip.schema.ts'
import { expirePackages } from '../traffic/package-expiry.ts'
import { trafficPackages } from '../traffic/traffic.schema.ts'

let server: TestServer
let nodeId: string
let region: string
beforeAll(async () => {
  server = await startTestServer()
  await seedDemoCatalog(server.db)
  region = await stockRegion(server, 10)
  nodeId = (await addNode(server.db, 'reminder-node', 'r.example.com')).id
})
afterEach(() => expectLedgerInvariants(server.db))
afterAll(() => server.close())

async function customer(cents = 100_00, { isVerified = true } = {}) {
  const c = await server.newCustomer()
  await fund(server, c.email, cents)
  if (isVerified) await verifyEmailOf(server, c.email)
  const me = await server.call<{ id: string }>('GET', '/api/user/me', { token: c.token })
  return { ...c, id: me.body.data.id }
}

const buyPackage = (token: string) =>
  server.call('POST', '/api/orders/traffic', {
    token,
    body: { planId: 'gb-10', quantity: 1 },
    headers: { 'idempotency-key': crypto.randomUUID() },
  })

const use = (accountId: string, bytes: number) =>
  pushTraffic(server.db, nodeId, {
    reportId: crypto.randomUUID(),
    records: [{ kind: 'traffic-account', id: accountId, upBytes: 0, downBytes: bytes }],
  })

const noticesOf = async (token: string) =>
  (await server.call<{ items: Notice[] }>('GET', '/api/user/notices', { token })).body.data.items
/** Reminder mails (the verification link mailed at sign-up left out). */
const mailsTo = async (email: string) =>
  (await server.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).filter(
    (mail) => !isAccountLinkMail(mail),
  )
const kinds = (notices: Notice[]) => notices.map((notice) => notice.kind).sort()

describe('traffic reminders', () => {
  it('tells once when a package passes 80 %, and once each time the account runs out', async () => {
    const c = await customer()
    expect((await buyPackage(c.token)).status).toBe(200)
    await use(c.id, 7 * GB)
    await server.app.reminders.run()
    expect(await noticesOf(c.token)).toEqual([])

    await use(c.id, 1.5 * GB)
    await server.app.reminders.run()
    await server.app.reminders.run()
    const [past80] = await noticesOf(c.token)
    expect(past80).toMatchObject({
      kind: 'traffic-package-80',
      params: { usedPercent: 85, remainingBytes: 1.5 * GB, planName: expect.any(String) },
    })
    expect(await mailsTo(c.email)).toHaveLength(1)

    await use(c.id, 2 * GB) // 0.5 GB beyond the package: exhausted, overage recorded
    await server.app.reminders.run()
    await server.app.reminders.run()
    expect(kinds(await noticesOf(c.token))).toEqual(['traffic-exhausted', 'traffic-package-80'])
    const mails = await mailsTo(c.email)
    expect(mails).toHaveLength(2)
    expect(mails.map((mail) => mail.subject).join()).toContain('Traffic used up')

    // A second package used up is a second exhaustion, and a second 80 % crossing.
    expect((await buyPackage(c.token)).status).toBe(200)
    await use(c.id, 10 * GB)
    await server.app.reminders.run()
    expect(kinds(await noticesOf(c.token))).toEqual([
      'traffic-exhausted',
      'traffic-exhausted',
      'traffic-package-80',
      'traffic-package-80',
    ])
  })

  it('says nothing about running out when the customer bought more before the job ran', async () => {
    const c = await customer()
    await buyPackage(c.token)
    await use(c.id, 10 * GB)
    await buyPackage(c.token)
    await server.app.reminders.run()
    expect(kinds(await noticesOf(c.token))).toEqual(['traffic-package-80'])
  })

  it('expires packages at expiresAt, never draws from them, and reminds when that empties the account', async () => {
    const c = await customer()
    await buyPackage(c.token)
    const later = new Date(Date.now() + 31 * 24 * 3600 * 1000)
    expect(await expirePackages(server.db, later)).toBeGreaterThanOrEqual(1)
    const [pack] = await server.db.select().from(trafficPackages).where(eq(trafficPackages.userId, c.id))
    expect(pack?.status).toBe('expired')
    const account = await server.call<{ status: string; remainingBytes: number }>(
      'GET',
      '/api/user/traffic-account',
      { token: c.token },
    )
    expect(account.body.data).toMatchObject({ status: 'disabled', remainingBytes: 0 })
    const answer = await use(c.id, GB)
    expect(answer.disabled).toEqual([{ kind: 'traffic-account', id: c.id }])
    const [after] = await server.db.select().from(trafficPackages).where(eq(trafficPackages.userId, c.id))
    expect(after?.usedBytes).toBe(0n)
    await server.app.reminders.run()
    expect(kinds(await noticesOf(c.token))).toEqual(['traffic-exhausted'])
  })
})

describe('static-IP expiry reminders', () => {
  it('tells once about IPs without auto-renew expiring within 3 days, again after a renewal', async () => {
    const c = await customer(300_00)
    const plain = await buy(server, c.token, {
      regionId: region,
      quantity: 2,
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
    expect(plain.status).toBe(200)
    expect(renewing.status).toBe(200)
    await server.db
      .update(proxyInstances)
      .set({ expiresAt: sql`now() + interval '2 days'` })
      .where(eq(proxyInstances.userId, c.id))
    await server.app.reminders.run()
    await server.app.reminders.run()
    const notices = await noticesOf(c.token)
    expect(notices).toHaveLength(1)
    expect(notices[0]).toMatchObject({ kind: 'instances-expiring', params: { count: 2, days: 3 } })
    expect((await mailsTo(c.email))[0]?.text).toContain(plain.body.data.instances[0]?.lineInstanceName)

    const renewed = plain.body.data.instances[0]?.id as string
    const renewal = await server.call('POST', '/api/proxy/instances/renew', {
      token: c.token,
      body: { ids: [renewed], durationDays: 30 },
      headers: { 'idempotency-key': crypto.randomUUID() },
    })
    expect(renewal.status).toBe(200)
    await server.app.reminders.run()
    expect(await noticesOf(c.token)).toHaveLength(1)
    // 30 days on, the renewed IP is due again; the other one has expired and is not.
    await server.app.reminders.run(new Date(Date.now() + 30 * 24 * 3600 * 1000))
    const again = await noticesOf(c.token)
    expect(again).toHaveLength(2)
    expect(again[0]).toMatchObject({ kind: 'instances-expiring', params: { count: 1 } })
  })
})

describe('unverified addresses', () => {
  it('get the notice but no reminder mail until the address is verified', async () => {
    const c = await customer(100_00, { isVerified: false })
    expect((await buyPackage(c.token)).status).toBe(200)
    await use(c.id, 8.5 * GB)
    await server.app.reminders.run()
    expect(kinds(await noticesOf(c.token))).toEqual(['traffic-package-80'])
    expect(await mailsTo(c.email)).toEqual([])

    await verifyEmailOf(server, c.email)
    await use(c.id, 2 * GB)
    await server.app.reminders.run()
    expect(kinds(await noticesOf(c.token))).toEqual(['traffic-exhausted', 'traffic-package-80'])
    const mails = await mailsTo(c.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toContain('Traffic used up')
  })
})
