import { randomUUID } from 'node:crypto'
import { errorCatalogue } from '@proxy/contract/errors'
import { eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { expectLedgerInvariants } from '../../../test/invariants.ts'
import { buy, fund, stockRegion } from '../../../test/static-ip.ts'
import { isPostgresRun } from '../../../test/test-db.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { users } from '../auth/auth.schema.ts'
import { purgeIdempotencyKeys } from './claim.ts'
import { idempotencyKeys } from './idempotency.schema.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterEach(() => expectLedgerInvariants(server.db))
afterAll(() => server.close())

type TopUp = { orderNo: string }
const topUp = (token: string, key: string | undefined, body: unknown = { amount: 10, channel: 'alipay' }) =>
  server.call<TopUp>('POST', '/api/user/wallet/topup', {
    token,
    body,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  })
const orderCount = async (token: string) =>
  (await server.call<{ total: number }>('GET', '/api/user/wallet/topups', { token })).body.data.total

describe('Idempotency-Key', () => {
  it('answers the stored first answer for the same key and body, doing nothing twice', async () => {
    const { token } = await server.newCustomer()
    const first = await topUp(token, 'click-1')
    const second = await topUp(token, 'click-1')
    expect(second.status).toBe(200)
    expect(second.body).toEqual(first.body)
    expect(second.headers.get('idempotent-replayed')).toBe('true')
    expect(await orderCount(token)).toBe(1)
    // The replay is sent once: nothing tried to answer the request a second time.
    expect(server.logs.filter((line) => line.includes('FST_ERR_REP_ALREADY_SENT'))).toEqual([])
  })

  it('refuses the same key with a different body', async () => {
    const { token } = await server.newCustomer()
    await topUp(token, 'click-2')
    const other = await topUp(token, 'click-2', { amount: 11, channel: 'alipay' })
    expect(other.status).toBe(422)
    expect(other.body.code).toBe(errorCatalogue.IDEMPOTENCY_KEY_REUSED.code)
    expect(await orderCount(token)).toBe(1)
  })

  it('lets exactly one of many concurrent requests with one key through', async () => {
    const { token } = await server.newCustomer()
    const answers = await Promise.all(Array.from({ length: 12 }, () => topUp(token, 'double-click')))
    const orderNos = new Set(answers.filter((a) => a.status === 200).map((a) => a.body.data.orderNo))
    expect(orderNos.size).toBe(1)
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer.status).toBe(409)
      expect(answer.body.code).toBe(errorCatalogue.IDEMPOTENCY_IN_PROGRESS.code)
    }
    expect(await orderCount(token)).toBe(1)
  })

  it('does not store validation failures, and scopes keys per customer', async () => {
    const alice = await server.newCustomer()
    const bob = await server.newCustomer()
    expect((await topUp(alice.token, 'k', { amount: 0, channel: 'alipay' })).status).toBe(400)
    expect((await topUp(alice.token, 'k')).status).toBe(200)
    expect((await topUp(bob.token, 'k', { amount: 99, channel: 'wxpay' })).status).toBe(200)
    expect(await orderCount(alice.token)).toBe(1)
    expect(await orderCount(bob.token)).toBe(1)
  })

  it('validates the key itself', async () => {
    const { token } = await server.newCustomer()
    for (const key of ['', 'x'.repeat(256), 'has space', 'tab\tkey'])
      expect((await topUp(token, key)).status, JSON.stringify(key)).toBe(400)
    expect(await orderCount(token)).toBe(0)
    expect((await topUp(token, 'x'.repeat(255))).status).toBe(200)
  })

  it('keeps answers for 24 hours, then forgets them', async () => {
    const { token } = await server.newCustomer()
    await topUp(token, 'old')
    await purgeIdempotencyKeys(server.db, new Date(Date.now() + 23 * 3600e3))
    expect((await topUp(token, 'old')).headers.get('idempotent-replayed')).toBe('true')
    const before = await server.db.$count(idempotencyKeys)
    await purgeIdempotencyKeys(server.db, new Date(Date.now() + 25 * 3600e3))
    expect(await server.db.$count(idempotencyKeys)).toBeLessThan(before)
    expect((await topUp(token, 'old')).headers.get('idempotent-replayed')).toBeNull()
    expect(await orderCount(token)).toBe(2)
  })
})

describe('Idempotency-Key after a crash', () => {
  let leased: TestServer
  beforeAll(async () => {
    leased = await startTestServer({ IDEMPOTENCY_LEASE_SECONDS: '1' })
  })
  afterEach(() => expectLedgerInvariants(leased.db))
  afterAll(() => leased.close())

  const body = { regionId: '', quantity: 1, durationDays: 30, protocol: 'socks5', autoRenew: false }
  const purchase = (token: string, key: string, regionId: string) =>
    buy(leased, token, { ...body, regionId }, key)

  /** A customer with 100.00 in the wallet, and a region with 5 addresses in stock. */
  async function fundedBuyer() {
    const customer = await leased.newCustomer()
    await fund(leased, customer.email, 100_00)
    return { customer, regionId: await stockRegion(leased, 5) }
  }

  /** A claim as a request of the previous release, which claimed before its transaction, leaves it when it died: running, with its lease. */
  async function leaveClaim(email: string, key: string, requestHash: string, leaseMs: number) {
    const [user] = await leased.db.select({ id: users.id }).from(users).where(eq(users.email, email))
    await leased.db.insert(idempotencyKeys).values({
      userId: user?.id ?? '',
      key,
      requestHash,
      status: 'running',
      claimId: randomUUID(),
      leaseUntil: new Date(Date.now() + leaseMs),
    })
  }

  it('records the answer with the purchase, and lets a retry past the lease run afresh', async () => {
    const { customer, regionId } = await fundedBuyer()
    const first = await purchase(customer.token, 'probe', regionId)
    expect(first.status).toBe(200)
    const [probe] = await leased.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'probe'))
    expect(probe).toMatchObject({ status: 'done', responseStatus: 200, leaseUntil: null })
    expect(JSON.parse(probe?.responseBody ?? '')).toEqual(first.body)
    // The same key: the stored answer; with another body: refused, nothing bought.
    expect((await purchase(customer.token, 'probe', regionId)).body).toEqual(first.body)
    const reused = await buy(leased, customer.token, { ...body, regionId, quantity: 2 }, 'probe')
    expect(reused.status).toBe(422)
    expect(reused.body.code).toBe(errorCatalogue.IDEMPOTENCY_KEY_REUSED.code)

    // Died before its transaction committed; the lease still runs: the key is busy.
    await leaveClaim(customer.email, 'busy', probe?.requestHash ?? '', 60_000)
    expect((await purchase(customer.token, 'busy', regionId)).status).toBe(409)
    // Its lease has run out: the retry runs, once.
    await leaveClaim(customer.email, 'crashed', probe?.requestHash ?? '', -1000)
    const retried = await purchase(customer.token, 'crashed', regionId)
    expect(retried.status).toBe(200)
    expect(retried.headers.get('idempotent-replayed')).toBeNull()
    const again = await purchase(customer.token, 'crashed', regionId)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.body).toEqual(retried.body)
    // Another body under a lapsed key is still another request.
    await leaveClaim(customer.email, 'lapsed', probe?.requestHash ?? '', -1000)
    const other = await buy(leased, customer.token, { ...body, regionId, durationDays: 90 }, 'lapsed')
    expect(other.status).toBe(422)
    const orders = await leased.call<{ total: number }>('GET', '/api/orders?product=static-ip', {
      token: customer.token,
    })
    expect(orders.body.data.total).toBe(2)
  })

  /** Holds the customer's wallet row in a transaction of its own until `release()`. */
  async function holdWallet(email: string) {
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let locked = () => {}
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve
    })
    const holder = leased.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from wallets w join users u on u.id = w.user_id
        where u.email = ${email} for update of w`)
      locked()
      await held
    })
    await isLocked
    return async () => {
      release()
      await holder
    }
  }
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

  // A purchase claims its key in its own transaction, as every paid request does: a retry while the
  // first is stalled (past the lease a claim before the transaction had) finds the key held and is
  // answered 409 at once; the first buys. One purchase, one 200, and the replay is that answer.
  it.runIf(isPostgresRun())(
    'a purchase stalled past the lease keeps its key: the retry is refused, one purchase',
    async () => {
      const { customer, regionId } = await fundedBuyer()
      const release = await holdWallet(customer.email)
      const slow = purchase(customer.token, 'stalled', regionId)
      await pause(1500)
      const retry = purchase(customer.token, 'stalled', regionId)
      await pause(300)
      await release()
      const answers = await Promise.all([slow, retry])
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
      const refused = answers.find((answer) => answer.status === 409)
      expect(refused?.body.code).toBe(errorCatalogue.IDEMPOTENCY_IN_PROGRESS.code)
      const orders = await leased.call<{ total: number }>('GET', '/api/orders?product=static-ip', {
        token: customer.token,
      })
      expect(orders.body.data.total).toBe(1)
      const replay = await purchase(customer.token, 'stalled', regionId)
      expect(replay.headers.get('idempotent-replayed')).toBe('true')
      expect(replay.body).toEqual(answers.find((answer) => answer.status === 200)?.body)
    },
  )

  // A renewal claims its key in its own transaction too: a retry while it is stalled is refused, and
  // only the first pays.
  it.runIf(isPostgresRun())(
    'a renewal stalled past the lease keeps its key: the retry is refused, one renewal',
    async () => {
      const { customer, regionId } = await fundedBuyer()
      const bought = await purchase(customer.token, randomUUID(), regionId)
      const renew = () =>
        leased.call('POST', '/api/proxy/instances/renew', {
          token: customer.token,
          body: { ids: [bought.body.data.instances[0]?.id], durationDays: 30 },
          headers: { 'idempotency-key': 'stalled-renewal' },
        })
      const release = await holdWallet(customer.email)
      const slow = renew()
      await pause(1500)
      const retry = renew()
      await pause(300)
      await release()
      const answers = await Promise.all([slow, retry])
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
      const renewals = await leased.call<{ total: number }>('GET', '/api/orders?kind=renewal', {
        token: customer.token,
      })
      expect(renewals.body.data.total).toBe(1)
      const replay = await renew()
      expect(replay.headers.get('idempotent-replayed')).toBe('true')
      expect(replay.body).toEqual(answers.find((answer) => answer.status === 200)?.body)
    },
  )
})
