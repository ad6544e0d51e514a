import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { isAccountLinkMail, mailsTo, verifyEmailOf } from '../../../test/account-mail.ts'
import { expectLedgerInvariants } from '../../../test/invariants.ts'
import { balanceOf } from '../../../test/payments.ts'
import { buy, fund, stockRegion } from '../../../test/static-ip.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { ipInventory, proxyInstances } from './static-ip.schema.ts'

let server: TestServer
let region: string
beforeAll(async () => {
  server = await startTestServer()
  region = await stockRegion(server, 30, 25_00)
})
afterEach(() => expectLedgerInvariants(server.db))
afterAll(() => server.close())

const HOUR = 3_600_000
const DAY = 24 * HOUR

async function holder(cents: number, autoRenew = false, isVerified = true) {
  const customer = await server.newCustomer()
  await fund(server, customer.email, cents)
  if (isVerified) await verifyEmailOf(server, customer.email)
  const answer = await buy(server, customer.token, {
    regionId: region,
    quantity: 1,
    durationDays: 30,
    protocol: 'socks5',
    autoRenew,
  })
  expect(answer.status).toBe(200)
  const instance = answer.body.data.instances[0]
  if (!instance) throw new Error('no instance')
  return { ...customer, instance }
}

const rowOf = async (id: string) => {
  const [row] = await server.db
    .select()
    .from(proxyInstances)
    .innerJoin(ipInventory, eq(ipInventory.id, proxyInstances.inventoryId))
    .where(eq(proxyInstances.id, id))
  if (!row) throw new Error('no row')
  return row
}

/** Moves an instance's expiry relative to the real clock (SQL now() is real in renewals). */
const expireIn = (id: string, ms: number) =>
  server.db
    .update(proxyInstances)
    .set({ expiresAt: new Date(Date.now() + ms) })
    .where(eq(proxyInstances.id, id))

describe('static-IP lifecycle', () => {
  it('expires at expiresAt, keeps the address through the grace, then releases, cools and restocks it', async () => {
    const { token, instance } = await holder(25_00)
    const { lifecycle } = server.app
    await lifecycle.runAll()
    expect((await rowOf(instance.id)).proxy_instances.status).toBe('active')

    await expireIn(instance.id, -HOUR)
    expect(await lifecycle.expire()).toBeGreaterThanOrEqual(1)
    const expired = await rowOf(instance.id)
    expect(expired.proxy_instances.status).toBe('expired')
    expect(expired.ip_inventory.status).toBe('allocated')

    const now = Date.now()
    await lifecycle.release(new Date(now + 2 * DAY))
    expect((await rowOf(instance.id)).proxy_instances.status).toBe('expired')
    await lifecycle.release(new Date(now + 3 * DAY))
    const released = await rowOf(instance.id)
    expect(released.proxy_instances.status).toBe('released')
    expect(released.ip_inventory.status).toBe('cooling')

    await lifecycle.restock(new Date(now + 3 * DAY + 23 * HOUR))
    expect((await rowOf(instance.id)).ip_inventory.status).toBe('cooling')
    await lifecycle.restock(new Date(now + 3 * DAY + 24 * HOUR))
    expect((await rowOf(instance.id)).ip_inventory.status).toBe('available')
    // The released instance stays in the customer's history.
    const list = await server.call<{ items: { status: string }[] }>(
      'GET',
      '/api/proxy/instances?status=released',
      { token },
    )
    expect(list.body.data.items).toHaveLength(1)
  })

  it('renewing during the grace keeps the same address and reactivates the instance', async () => {
    const { token, instance } = await holder(50_00)
    await expireIn(instance.id, -2 * DAY)
    await server.app.lifecycle.expire()
    const renewed = await server.call('POST', '/api/proxy/instances/renew', {
      token,
      body: { ids: [instance.id], durationDays: 30 },
      headers: { 'idempotency-key': 'grace' },
    })
    expect(renewed.status).toBe(200)
    const row = await rowOf(instance.id)
    expect(row.proxy_instances.status).toBe('active')
    expect(row.ip_inventory.ip).toBe(instance.ip)
    expect(row.proxy_instances.expiresAt.getTime() - Date.now()).toBeGreaterThan(29.9 * DAY)
  })

  it('auto-renews 24 h before expiry when the wallet can pay, once', async () => {
    const { token, instance } = await holder(50_00, true)
    await expireIn(instance.id, 48 * HOUR)
    expect((await server.app.lifecycle.autoRenew()).renewed).toBe(0)
    await expireIn(instance.id, 20 * HOUR)
    const before = (await rowOf(instance.id)).proxy_instances.expiresAt.getTime()
    const first = await server.app.lifecycle.autoRenew()
    expect(first.renewed).toBeGreaterThanOrEqual(1)
    expect((await rowOf(instance.id)).proxy_instances.expiresAt.getTime() - before).toBe(30 * DAY)
    expect(await balanceOf(server, token)).toBe(0)
    await server.app.lifecycle.autoRenew()
    expect(await balanceOf(server, token)).toBe(0)
  })

  it('tells the customer by notice and mail when auto-renew cannot pay, and retries later', async () => {
    const { email, token, instance } = await holder(25_00, true)
    await expireIn(instance.id, 10 * HOUR)
    const result = await server.app.lifecycle.autoRenew()
    expect(result.failed).toBeGreaterThanOrEqual(1)
    type Notices = { items: { kind: string; title: string; body: string }[] }
    const notices = await server.call<Notices>('GET', '/api/user/notices', { token })
    expect(notices.body.data.items).toEqual([
      expect.objectContaining({
        kind: 'auto-renew-failed',
        params: { count: 1, names: instance.lineInstanceName, reason: 'insufficient-balance' },
      }),
    ])
    expect(notices.body.data.items[0]?.body).toContain(instance.lineInstanceName)
    const renewalMails = async () => (await mailsTo(server, email)).filter((mail) => !isAccountLinkMail(mail))
    const mails = await renewalMails()
    expect(mails).toEqual([
      expect.objectContaining({ status: 'logged', subject: expect.stringContaining('自动续费失败') }),
    ])

    // No retry within the hour; after a top-up and the retry delay, it renews.
    await server.app.lifecycle.autoRenew(new Date(Date.now() + HOUR))
    expect(await renewalMails()).toHaveLength(1)
    await fund(server, email, 25_00)
    await server.app.lifecycle.autoRenew(new Date(Date.now() + 7 * HOUR))
    expect(await balanceOf(server, token)).toBe(0)
    expect((await rowOf(instance.id)).proxy_instances.expiresAt.getTime() - Date.now()).toBeGreaterThan(
      30 * DAY,
    )
  })

  it('tells an unverified customer by notice only, never by mail', async () => {
    const { email, token, instance } = await holder(25_00, true, false)
    await expireIn(instance.id, 10 * HOUR)
    expect((await server.app.lifecycle.autoRenew()).failed).toBeGreaterThanOrEqual(1)
    const notices = await server.call<{ items: { kind: string }[] }>('GET', '/api/user/notices', { token })
    expect(notices.body.data.items.map((notice) => notice.kind)).toEqual(['auto-renew-failed'])
    expect((await mailsTo(server, email)).filter((mail) => !isAccountLinkMail(mail))).toEqual([])
  })

  it('a renewal racing the expiry job leaves the instance active and paid once', async () => {
    const { token, instance } = await holder(50_00)
    await expireIn(instance.id, -HOUR)
    const [renewal] = await Promise.all([
      server.call('POST', '/api/proxy/instances/renew', {
        token,
        body: { ids: [instance.id], durationDays: 30 },
        headers: { 'idempotency-key': 'race' },
      }),
      server.app.lifecycle.expire(),
      server.app.lifecycle.expire(),
    ])
    expect(renewal.status).toBe(200)
    await server.app.lifecycle.expire()
    const row = await rowOf(instance.id)
    expect(row.proxy_instances.status).toBe('active')
    expect(row.proxy_instances.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY)
    expect(await balanceOf(server, token)).toBe(0)
  })

  it('notices belong to their customer', async () => {
    const { token, instance } = await holder(25_00, true)
    await expireIn(instance.id, 5 * HOUR)
    await server.app.lifecycle.autoRenew()
    const mine = await server.call<{ items: { id: string }[] }>('GET', '/api/user/notices', { token })
    const noticeId = mine.body.data.items[0]?.id ?? ''
    const other = await server.newCustomer()
    expect(
      (await server.call('POST', `/api/user/notices/${noticeId}/read`, { token: other.token })).status,
    ).toBe(404)
    const read = await server.call<{ readAt: string | null }>('POST', `/api/user/notices/${noticeId}/read`, {
      token,
    })
    expect(read.body.data.readAt).not.toBeNull()
    const unread = await server.call<{ total: number }>('GET', '/api/user/notices?unreadOnly=true', { token })
    expect(unread.body.data.total).toBe(0)
  })
})
