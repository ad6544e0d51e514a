// Customers from the console: search and detail, suspension (sign-in refused, tokens ended, proxies
// gone from the node pull and back after restore), and wallet adjustments through the ledger.
import { randomUUID } from 'node:crypto'
import type {
  CustomerDetail,
  CustomerSummary,
  CustomerTrafficPackage,
  CustomerTransaction,
} from '@proxy/contract/admin/customers'
import { errorCatalogue } from '@proxy/contract/errors'
import type { NodeUsers } from '@proxy/contract/nodes/endpoints'
import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { customerWithGoods } from '../../../test/admin-writes/finance.writes.ts'
import { expectLedgerInvariants } from '../../../test/invariants.ts'
import { signInOperator } from '../../../test/operators.ts'
import { buy, fund, stockRegion } from '../../../test/static-ip.ts'
import { isPostgresRun } from '../../../test/test-db.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { users } from '../auth/auth.schema.ts'
import { idempotencyKeys } from '../idempotency/idempotency.schema.ts'
import { ledgerTransactions } from '../ledger/ledger.schema.ts'
import { addNode } from '../nodes/nodes.service.ts'

let server: TestServer
let support: string
let finance: string
beforeAll(async () => {
  server = await startTestServer()
  support = (await signInOperator(server, 'support')).cookie
  finance = (await signInOperator(server, 'finance')).cookie
})
afterEach(() => expectLedgerInvariants(server.db))
afterAll(() => server.close())

const idOf = async (email: string) => {
  const [row] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (!row) throw new Error(`no customer ${email}`)
  return row.id
}
const detail = (id: string, cookie = support) =>
  server.call<CustomerDetail>('GET', `/api/admin/customers/${id}`, { headers: { cookie } })
const suspend = (id: string, cookie = support) =>
  server.call<CustomerDetail>('POST', `/api/admin/customers/${id}/suspend`, {
    headers: { cookie },
    body: { reason: 'chargeback fraud' },
  })
const restore = (id: string, cookie = support) =>
  server.call<CustomerDetail>('POST', `/api/admin/customers/${id}/restore`, {
    headers: { cookie },
    body: { reason: 'resolved' },
  })
const adjust = (id: string, amount: number, key: string | null = randomUUID(), cookie = finance) =>
  server.call<{ balance: number; transactionId: string }>('POST', `/api/admin/customers/${id}/adjustments`, {
    headers: { cookie, ...(key === null ? {} : { 'idempotency-key': key }) },
    body: { amount, reason: 'manual correction' },
  })

describe('customers', () => {
  it('are found by part of the email or the whole id, filtered by status, and shown in detail', async () => {
    const tag = randomUUID().slice(0, 8)
    const alice = await server.newCustomer(`alice-${tag}@example.com`)
    const bob = await server.newCustomer(`bob-${tag}@example.com`)
    await fund(server, alice.email, 42_50)
    const list = (query: string) =>
      server.call<{ items: CustomerSummary[]; total: number }>('GET', `/api/admin/customers?${query}`, {
        headers: { cookie: support },
      })
    const byTag = await list(`q=${tag}`)
    expect(byTag.status).toBe(200)
    expect(byTag.body.data.total).toBe(2)
    expect(byTag.body.data.items.map((item) => item.email)).toEqual([bob.email, alice.email])
    const aliceId = await idOf(alice.email)
    const byId = await list(`q=${aliceId}`)
    expect(byId.body.data.items).toEqual([
      expect.objectContaining({ id: aliceId, balance: 42.5, status: 'active', activeStaticIps: 0 }),
    ])
    expect((await list(`q=${encodeURIComponent('%')}`)).body.data.total).toBe(0)
    expect((await list('q=x&pageSize=500')).status).toBe(400)

    const shown = await detail(aliceId)
    expect(shown.body.data).toMatchObject({
      email: alice.email,
      balance: 42.5,
      suspendedAt: null,
      trafficRemainingBytes: 0,
      twoFactorEnabled: false,
      activeSessions: 1,
    })
    expect((await detail(randomUUID())).status).toBe(404)

    await suspend(aliceId)
    expect((await list(`q=${tag}&status=suspended`)).body.data.items.map((item) => item.email)).toEqual([
      alice.email,
    ])
    expect((await list(`q=${tag}&status=active`)).body.data.items.map((item) => item.email)).toEqual([
      bob.email,
    ])
  })

  it('a suspension ends sessions and API tokens and refuses sign-in; a restore lets the customer back in', async () => {
    const customer = await server.newCustomer()
    const id = await idOf(customer.email)
    const created = await server.call<{ token: string }>('POST', '/api/user/api-tokens', {
      token: customer.token,
      body: { name: 'script' },
    })
    expect(created.status).toBe(200)
    const apiToken = created.body.data.token
    expect((await server.call('GET', '/api/user/me', { token: apiToken })).status).toBe(200)

    const suspended = await suspend(id)
    expect(suspended.status).toBe(200)
    expect(suspended.body.data).toMatchObject({
      status: 'suspended',
      suspendReason: 'chargeback fraud',
      activeSessions: 0,
    })
    expect((await server.call('GET', '/api/user/me', { token: customer.token })).status).toBe(401)
    expect((await server.call('GET', '/api/user/me', { token: apiToken })).status).toBe(401)
    const refused = await server.call('POST', '/api/auth/login', {
      body: { email: customer.email, password: customer.password },
    })
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe(errorCatalogue.ACCOUNT_SUSPENDED.code)
    // A wrong password learns nothing of the suspension.
    const wrong = await server.call('POST', '/api/auth/login', {
      body: { email: customer.email, password: 'wrong one!' },
    })
    expect(wrong.body.code).toBe(errorCatalogue.INVALID_CREDENTIALS.code)

    const restored = await restore(id)
    expect(restored.body.data).toMatchObject({ status: 'active', suspendedAt: null, suspendReason: null })
    const back = await server.call<{ token: string }>('POST', '/api/auth/login', {
      body: { email: customer.email, password: customer.password },
    })
    expect(back.status).toBe(200)
    // What ended stays ended.
    expect((await server.call('GET', '/api/user/me', { token: apiToken })).status).toBe(401)
  })

  it("a suspended customer's proxies leave the node pull, snapshot and delta, and come back on restore", async () => {
    const nodeName = `suspend-${randomUUID().slice(0, 6)}`
    const { token: nodeToken } = await addNode(server.db, nodeName, 'n.example.com')
    const region = await stockRegion(server, 2, 25_00, nodeName)
    const customer = await server.newCustomer()
    await fund(server, customer.email, 50_00)
    const bought = await buy(server, customer.token, {
      regionId: region,
      quantity: 1,
      durationDays: 30,
      protocol: 'socks5',
    })
    expect(bought.status).toBe(200)
    const instanceId = bought.body.data.instances[0]?.id ?? ''
    const pull = async (cursor?: string) => {
      const path = cursor ? `/api/node/v1/users?cursor=${encodeURIComponent(cursor)}` : '/api/node/v1/users'
      const answer = await server.call<NodeUsers>('GET', path, { token: nodeToken })
      expect(answer.status).toBe(200)
      return answer.body.data
    }
    const ids = (rows: { id: string }[]) => rows.map((row) => row.id)

    const before = await pull()
    expect(ids(before.instances)).toContain(instanceId)
    const id = await idOf(customer.email)
    expect((await suspend(id)).status).toBe(200)
    const delta = await pull(before.cursor)
    expect(delta.full).toBe(false)
    expect(ids(delta.instances)).not.toContain(instanceId)
    expect(delta.removedInstances).toContain(instanceId)
    expect(ids((await pull()).instances)).not.toContain(instanceId)

    expect((await restore(id)).status).toBe(200)
    const back = await pull(delta.cursor)
    expect(ids(back.instances)).toContain(instanceId)
    expect(back.whitelists.map((list) => list.owner)).toContain(id)
    expect(ids((await pull()).instances)).toContain(instanceId)
  })
})

describe('wallet adjustments', () => {
  it('credit and debit through the ledger, never below zero, with a reason and an Idempotency-Key', async () => {
    const customer = await server.newCustomer()
    const id = await idOf(customer.email)
    const credit = await adjust(id, 20)
    expect(credit.status).toBe(200)
    expect(credit.body.data.balance).toBe(20)
    const [posted] = await server.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.id, credit.body.data.transactionId))
    expect(posted?.kind).toBe('adjustment')
    expect((await adjust(id, -7.25)).body.data.balance).toBe(12.75)
    const overdraw = await adjust(id, -12.76)
    expect(overdraw.status).toBe(422)
    expect(overdraw.body.code).toBe(errorCatalogue.ADJUSTMENT_OVERDRAWS.code)
    expect((await detail(id)).body.data.balance).toBe(12.75)
    const wallet = await server.call<{ wallet: { balance: number } }>('GET', '/api/user/wallet', {
      token: customer.token,
    })
    expect(wallet.body.data.wallet.balance).toBe(12.75)

    const noKey = await adjust(id, 5, null)
    expect(noKey.status).toBe(400)
    expect((await adjust(id, 0)).status).toBe(400)
    expect((await adjust(id, 1.234)).status).toBe(400)
    expect((await adjust(randomUUID(), 5)).status).toBe(404)
    // Support may not move money.
    expect((await adjust(id, 5, randomUUID(), support)).status).toBe(403)
    expect((await detail(id)).body.data.balance).toBe(12.75)
  })

  it('replays the first answer for the same key: the money moves once; keys are per operator', async () => {
    const customer = await server.newCustomer()
    const id = await idOf(customer.email)
    const key = `adjust-${randomUUID()}`
    const first = await adjust(id, 10, key)
    const again = await adjust(id, 10, key)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.body).toEqual(first.body)
    expect((await adjust(id, 11, key)).body.code).toBe(errorCatalogue.IDEMPOTENCY_KEY_REUSED.code)
    // Another operator's key of the same name is theirs: it moves money of its own.
    const otherFinance = await signInOperator(server, 'finance')
    const theirs = await adjust(id, 10, key, otherFinance.cookie)
    expect(theirs.headers.get('idempotent-replayed')).toBeNull()
    expect(theirs.body.data.balance).toBe(20)
    // And a customer's key of that name is the customer's.
    const topUp = await server.call('POST', '/api/user/wallet/topup', {
      token: customer.token,
      body: { amount: 10, channel: 'alipay' },
      headers: { 'idempotency-key': key },
    })
    expect(topUp.headers.get('idempotent-replayed')).toBeNull()
    const scopes = await server.db
      .select({ scope: idempotencyKeys.scope })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, key))
    expect(scopes.map((row) => row.scope).sort()).toEqual(['customer', 'operator', 'operator'])
    expect((await detail(id)).body.data.balance).toBe(20)
    const adjustments = await server.db
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.kind, 'adjustment')))
    expect(
      adjustments.filter((row) => row.reference?.startsWith('adjustment:')).length,
    ).toBeGreaterThanOrEqual(2)
  })

  it.runIf(isPostgresRun())('concurrent debits never overdraw', async () => {
    const customer = await server.newCustomer()
    const id = await idOf(customer.email)
    await adjust(id, 10)
    const answers = await Promise.all(Array.from({ length: 8 }, () => adjust(id, -3)))
    const taken = answers.filter((answer) => answer.status === 200)
    expect(taken).toHaveLength(3)
    for (const answer of answers.filter((answer) => answer.status !== 200))
      expect(answer.body.code).toBe(errorCatalogue.ADJUSTMENT_OVERDRAWS.code)
    expect((await detail(id)).body.data.balance).toBe(1)
  })
})

type Page<T> = { items: T[]; total: number; page: number; pageSize: number }

describe("a customer's ledger and traffic packages", () => {
  const transactions = (id: string, query = '') =>
    server.call<Page<CustomerTransaction>>('GET', `/api/admin/customers/${id}/transactions${query}`, {
      headers: { cookie: support },
    })
  const packages = (id: string, query = '') =>
    server.call<Page<CustomerTrafficPackage>>('GET', `/api/admin/customers/${id}/traffic-packages${query}`, {
      headers: { cookie: support },
    })

  it("lists only that customer's wallet entries, newest first, paged", async () => {
    const customer = await customerWithGoods(server)
    const other = await customerWithGoods(server)
    const id = await idOf(customer.email)
    await adjust(id, -1.25)
    const all = await transactions(id)
    expect(all.status, JSON.stringify(all.body)).toBe(200)
    // The funding, the IP, the traffic package and the debit.
    expect(all.body.data.total).toBe(4)
    expect(all.body.data.items.map((item) => item.type)).toEqual([
      'adjustment',
      'purchase',
      'purchase',
      'adjustment',
    ])
    const [newest] = all.body.data.items
    expect(newest).toMatchObject({
      amount: -1.25,
      about: { key: 'adjustment', params: { direction: 'debit' } },
    })
    const customerView = await server.call<Page<CustomerTransaction>>(
      'GET',
      '/api/user/wallet/transactions',
      {
        token: customer.token,
      },
    )
    expect(all.body.data.items).toEqual(customerView.body.data.items)
    expect(all.body.data.items.map((item) => item.orderNo)).toContain(customer.order.orderNo)
    const otherOrders = (await transactions(await idOf(other.email))).body.data.items.map(
      (item) => item.orderNo,
    )
    expect(otherOrders).not.toContain(customer.order.orderNo)

    const second = await transactions(id, '?page=2&pageSize=3')
    expect(second.body.data).toMatchObject({ total: 4, page: 2, pageSize: 3 })
    expect(second.body.data.items).toEqual(all.body.data.items.slice(3))
    expect((await transactions(id, '?pageSize=500')).status).toBe(400)
    expect((await transactions(randomUUID())).status).toBe(404)
    expect((await transactions('not-a-uuid')).status).toBe(400)
  })

  it("lists only that customer's traffic packages with both plan names, by status, paged", async () => {
    const customer = await customerWithGoods(server)
    const other = await customerWithGoods(server)
    const id = await idOf(customer.email)
    const list = await packages(id)
    expect(list.status, JSON.stringify(list.body)).toBe(200)
    expect(list.body.data).toMatchObject({ total: 1, page: 1, pageSize: 20 })
    const [only] = list.body.data.items
    expect(only).toMatchObject({
      id: customer.packageId,
      usedBytes: 0,
      status: 'active',
      orderNo: expect.any(String),
    })
    expect(only?.totalBytes).toBeGreaterThan(0)
    expect(only?.planName).toBeTruthy()
    expect(only?.planNameEn).toBeTruthy()
    expect(list.body.data.items.map((item) => item.id)).not.toContain(other.packageId)
    expect((await packages(id, '?status=active')).body.data.total).toBe(1)
    expect((await packages(id, '?status=expired')).body.data.total).toBe(0)
    expect((await packages(id, '?page=2')).body.data.items).toEqual([])
    expect((await packages(id, '?status=gone')).status).toBe(400)
    expect((await packages(randomUUID())).status).toBe(404)
  })
})
