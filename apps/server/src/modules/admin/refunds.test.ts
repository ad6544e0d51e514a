// Refunds by a finance operator: a static IP for its unused whole days at the price paid (discounts
// and renewals included), a traffic package for its unused bytes; once per item, audited, through the ledger.
import { randomUUID } from 'node:crypto'
import { errorCatalogue } from '@proxy/contract/errors'
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { customerWithGoods } from '../../../test/admin-writes/finance.writes.ts'
import { expectLedgerInvariants } from '../../../test/invariants.ts'
import { signInOperator } from '../../../test/operators.ts'
import { balanceOf } from '../../../test/payments.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { AppError } from '../../platform/errors.ts'
import { users } from '../auth/auth.schema.ts'
import { postLedgerTransaction, refundToWallet, systemAccountId, walletAccountId } from '../ledger/index.ts'
import { ledgerTransactions, refunds } from '../ledger/ledger.schema.ts'
import { unusedDaysValue } from '../static-ip/index.ts'
import { ipInventory, proxyInstances } from '../static-ip/static-ip.schema.ts'
import { trafficPackages } from '../traffic/traffic.schema.ts'
import { operatorAuditLog } from './admin.schema.ts'

let server: TestServer
let cookie: string
beforeAll(async () => {
  server = await startTestServer()
  cookie = (await signInOperator(server, 'finance')).cookie
})
afterEach(() => expectLedgerInvariants(server.db))
afterAll(() => server.close())

type Refund = { amount: number; balance: number; customerId: string; transactionIds: string[] }

const refund = (path: string, body: unknown = { reason: 'customer asked to cancel' }, key = randomUUID()) =>
  server.call<Refund>('POST', `/api/admin/refunds/${path}`, {
    headers: { cookie, 'idempotency-key': key },
    body,
  })

const instanceRow = async (id: string) =>
  (await server.db.select().from(proxyInstances).where(eq(proxyInstances.id, id)))[0]

describe('refunding a static IP', () => {
  it('credits the unused whole days at the price paid, releases the IP and cools its address', async () => {
    const customer = await customerWithGoods(server)
    const before = await balanceOf(server, customer.token)
    const answer = await refund(`static-ip/${customer.instanceId}`)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    // 30 days for 25.00, 29 whole days unused: 25.00 × 29 / 30 = 24.1666… → 24.16.
    expect(answer.body.data).toMatchObject({ amount: 24.16, balance: before + 24.16 })
    expect(answer.body.data.transactionIds).toHaveLength(1)
    expect(await balanceOf(server, customer.token)).toBeCloseTo(before + 24.16, 2)

    const instance = await instanceRow(customer.instanceId)
    expect(instance?.status).toBe('released')
    const [address] = await server.db
      .select()
      .from(ipInventory)
      .where(eq(ipInventory.id, instance?.inventoryId ?? ''))
    expect(address?.status).toBe('cooling')
    expect(address?.coolingUntil?.getTime()).toBeGreaterThan(Date.now())

    const [posted] = await server.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.id, answer.body.data.transactionIds[0] ?? ''))
    expect(posted).toMatchObject({
      kind: 'refund',
      reference: `refund:${customer.order.orderNo}:ip:${customer.instanceId}`,
    })
    const wallet = await server.call<{ items: { type: string; amount: number }[] }>(
      'GET',
      '/api/user/wallet/transactions',
      { token: customer.token },
    )
    expect(wallet.body.data.items[0]).toMatchObject({ type: 'refund', amount: 24.16 })

    const [audit] = await server.db
      .select()
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.target, `static-ip:${customer.instanceId}`))
    expect(audit).toMatchObject({ action: 'refunds.static-ip', reason: 'customer asked to cancel' })
    expect(audit?.before).toMatchObject({ status: 'active', unusedDays: 29, balance: before })
    expect(audit?.after).toMatchObject({ status: 'released', refunded: 24.16, balance: before + 24.16 })
  })

  it('uses the discounted price the order paid', async () => {
    const customer = await customerWithGoods(server, 90)
    // 90 days at 5 % off: 71.25 paid; 89 whole days unused: 71.25 × 89 / 90 = 70.4583… → 70.45.
    expect(customer.order.total).toBe(71.25)
    const answer = await refund(`static-ip/${customer.instanceId}`)
    expect(answer.body.data.amount).toBe(70.45)
  })

  it('after an early renewal, refunds the renewal’s term in full and the rest at the first order’s price', async () => {
    const customer = await customerWithGoods(server)
    const renewed = await server.call('POST', '/api/proxy/instances/renew', {
      token: customer.token,
      body: { ids: [customer.instanceId], durationDays: 30 },
      headers: { 'idempotency-key': randomUUID() },
    })
    expect(renewed.status).toBe(200)
    // 59 whole days unused: the renewal's 30 (25.00) and 29 of the first term (24.16).
    const answer = await refund(`static-ip/${customer.instanceId}`)
    expect(answer.body.data.amount).toBe(49.16)
    expect(answer.body.data.transactionIds).toHaveLength(2)
  })

  it('refuses a second refund of the same IP, and an unknown one', async () => {
    const customer = await customerWithGoods(server)
    expect((await refund(`static-ip/${customer.instanceId}`)).status).toBe(200)
    const balance = await balanceOf(server, customer.token)
    const again = await refund(`static-ip/${customer.instanceId}`)
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({
      code: errorCatalogue.NOT_REFUNDABLE.code,
      message: 'This item has already been refunded',
      data: { refund: 'already refunded' },
    })
    expect(await balanceOf(server, customer.token)).toBe(balance)
    expect((await refund(`static-ip/${randomUUID()}`)).status).toBe(404)
  })

  it('refuses an IP that is no longer active', async () => {
    const customer = await customerWithGoods(server)
    await server.db
      .update(proxyInstances)
      .set({ status: 'expired', expiresAt: new Date(Date.now() - 1000) })
      .where(eq(proxyInstances.id, customer.instanceId))
    const answer = await refund(`static-ip/${customer.instanceId}`)
    expect(answer.status).toBe(409)
    expect(answer.body).toMatchObject({
      code: errorCatalogue.NOT_REFUNDABLE.code,
      data: { refund: 'the IP is not active' },
    })
  })

  it('needs a reason and an Idempotency-Key, and answers a repeated key without refunding twice', async () => {
    const customer = await customerWithGoods(server)
    for (const body of [{}, { reason: '' }, { reason: 'ok' }, { reason: 'fine', amount: 5 }])
      expect((await refund(`static-ip/${customer.instanceId}`, body)).status, JSON.stringify(body)).toBe(400)
    const noKey = await server.call('POST', `/api/admin/refunds/static-ip/${customer.instanceId}`, {
      headers: { cookie },
      body: { reason: 'customer asked to cancel' },
    })
    expect(noKey.status).toBe(400)
    const key = randomUUID()
    const first = await refund(`static-ip/${customer.instanceId}`, undefined, key)
    const second = await refund(`static-ip/${customer.instanceId}`, undefined, key)
    expect(first.status).toBe(200)
    expect(second.body).toEqual(first.body)
    const refunds = await server.db
      .select()
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.kind, 'refund'),
          eq(ledgerTransactions.reference, `refund:${customer.order.orderNo}:ip:${customer.instanceId}`),
        ),
      )
    expect(refunds).toHaveLength(1)
  })

  it('refunds once when refunds of one IP race', async () => {
    const customer = await customerWithGoods(server)
    const before = await balanceOf(server, customer.token)
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => refund(`static-ip/${customer.instanceId}`)),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409])
    expect(await balanceOf(server, customer.token)).toBeCloseTo(before + 24.16, 2)
  })
})

describe('refunding a traffic package', () => {
  it('credits the unused bytes at the price paid per byte and closes the package', async () => {
    const customer = await customerWithGoods(server)
    expect(customer.packagePrice).toBe(30)
    // A quarter of the 10 GiB used: three quarters of 30.00 come back.
    await server.db
      .update(trafficPackages)
      .set({ usedBytes: (10n * 1024n ** 3n) / 4n })
      .where(eq(trafficPackages.id, customer.packageId))
    const before = await balanceOf(server, customer.token)
    const answer = await refund(`traffic-packages/${customer.packageId}`)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.data).toMatchObject({ amount: 22.5, balance: before + 22.5 })
    const [closed] = await server.db
      .select()
      .from(trafficPackages)
      .where(eq(trafficPackages.id, customer.packageId))
    expect(closed?.status).toBe('expired')
    expect(closed?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now())
    const account = await server.call<{ remainingBytes: number }>('GET', '/api/user/traffic-account', {
      token: customer.token,
    })
    expect(account.body.data.remainingBytes).toBe(0)
    const [audit] = await server.db
      .select()
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.target, `traffic-package:${customer.packageId}`))
      .orderBy(desc(operatorAuditLog.at))
    expect(audit).toMatchObject({ action: 'refunds.traffic-package', reason: 'customer asked to cancel' })
    expect(audit?.after).toMatchObject({ status: 'expired', refunded: 22.5 })
  })

  it('refunds once when refunds of one package race, and refuses it afterwards', async () => {
    const customer = await customerWithGoods(server)
    const before = await balanceOf(server, customer.token)
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => refund(`traffic-packages/${customer.packageId}`)),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409])
    expect(await balanceOf(server, customer.token)).toBeCloseTo(before + 30, 2)
    const again = await refund(`traffic-packages/${customer.packageId}`)
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({
      code: errorCatalogue.NOT_REFUNDABLE.code,
      data: { refund: 'already refunded' },
    })
  })

  it('refuses a used-up package: nothing unused is left', async () => {
    const customer = await customerWithGoods(server)
    await server.db
      .update(trafficPackages)
      .set({ usedBytes: 10n * 1024n ** 3n })
      .where(eq(trafficPackages.id, customer.packageId))
    const answer = await refund(`traffic-packages/${customer.packageId}`)
    expect(answer.status).toBe(409)
    expect(answer.body).toMatchObject({
      code: errorCatalogue.NOT_REFUNDABLE.code,
      data: { refund: 'nothing unused is left' },
    })
  })
})

describe('the refunded item, by typed columns', () => {
  const userIdOf = async (email: string) =>
    (await server.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? ''

  it('records the order and the item each refund transaction paid back', async () => {
    const customer = await customerWithGoods(server)
    const answer = await refund(`static-ip/${customer.instanceId}`)
    const [row] = await server.db
      .select()
      .from(refunds)
      .where(eq(refunds.transactionId, answer.body.data.transactionIds[0] ?? ''))
    expect(row).toEqual({
      transactionId: answer.body.data.transactionIds[0],
      orderNo: customer.order.orderNo,
      itemKind: 'ip',
      itemId: customer.instanceId,
    })
  })

  it('finds a refund the previous release posted with its reference only (migration 0022 fills its row)', async () => {
    const customer = await customerWithGoods(server)
    const userId = await userIdOf(customer.email)
    await server.db.transaction(async (tx) =>
      postLedgerTransaction(tx, {
        kind: 'refund',
        description: 'previous release',
        reference: `refund:${customer.order.orderNo}:ip:${customer.instanceId}`,
        entries: [
          { accountId: await walletAccountId(tx, userId), amount: 100 },
          { accountId: await systemAccountId(tx, 'sales_revenue'), amount: -100 },
        ],
      }),
    )
    const again = await refund(`static-ip/${customer.instanceId}`)
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({
      code: errorCatalogue.NOT_REFUNDABLE.code,
      data: { refund: 'already refunded' },
    })
  })

  it('answers one error for "already refunded" at the ledger too: 409 NOT_REFUNDABLE, not 400', async () => {
    const customer = await customerWithGoods(server)
    const userId = await userIdOf(customer.email)
    const once = () =>
      server.db.transaction((tx) =>
        refundToWallet(tx, {
          userId,
          orderNo: customer.order.orderNo,
          item: { kind: 'ip', id: customer.instanceId },
          amount: 100,
          description: 'refund',
        }),
      )
    await once()
    const refused = await once().catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(AppError)
    expect(refused).toMatchObject({
      name: 'NOT_REFUNDABLE',
      status: 409,
      details: { refund: 'already refunded' },
    })
  })
})

describe('the value of unused days', () => {
  it('walks back from the newest term, each at its own price per day, never above what it paid', () => {
    const terms = [
      { orderNo: 'R2', durationDays: 30, unitPrice: 2500 },
      { orderNo: 'S1', durationDays: 90, unitPrice: 7125 },
    ]
    expect(unusedDaysValue(0, terms)).toEqual([])
    expect(unusedDaysValue(10, terms)).toEqual([{ orderNo: 'R2', cents: 833 }])
    expect(unusedDaysValue(40, terms)).toEqual([
      { orderNo: 'R2', cents: 2500 },
      { orderNo: 'S1', cents: 791 },
    ])
    expect(unusedDaysValue(500, terms)).toEqual([
      { orderNo: 'R2', cents: 2500 },
      { orderNo: 'S1', cents: 7125 },
    ])
  })
})
