// Refusals in the audit log: a role without the permission, an address off the allow-list, a refund
// of what was refunded already, a top-up no longer pending; with their reasons, and never a flood.
// And the two append-only records (audit log, ledger) refuse TRUNCATE as they refuse UPDATE and DELETE.
import { randomUUID } from 'node:crypto'
import { errorCatalogue } from '@proxy/contract/errors'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customerWithGoods, topUpPaidWithoutNotify } from '../../../test/admin-writes/finance.writes.ts'
import { createOperator, signInOperator, totpAt } from '../../../test/operators.ts'
import { createTopUp } from '../../../test/payments.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { ledgerEntries, ledgerTransactions } from '../ledger/ledger.schema.ts'
import { operatorAuditLog } from './admin.schema.ts'
import { createRowBudget, REFUSED_ACTION } from './refusal-audit.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const refusals = (db = server.db) =>
  db.select().from(operatorAuditLog).where(eq(operatorAuditLog.action, REFUSED_ACTION))
const refusalsOf = async (operatorId: string) =>
  (await refusals()).filter((row) => row.operatorId === operatorId)

describe('refusals in the audit log', () => {
  it('records a role refused a permission, naming the operator, the route and the reason', async () => {
    const support = await signInOperator(server, 'support')
    const answer = await server.call('GET', '/api/admin/audit', { headers: { cookie: support.cookie } })
    expect(answer.status).toBe(403)
    expect(await refusalsOf(support.operator.id)).toEqual([
      expect.objectContaining({
        operatorEmail: support.operator.email,
        role: 'support',
        target: null,
        reason: `FORBIDDEN: ${errorCatalogue.FORBIDDEN.message}`,
        after: { route: 'GET /api/admin/audit', status: 403 },
        ip: '127.0.0.1',
      }),
    ])
  })

  it('records refused money actions: a second refund, a mark-paid the gateway does not back, a second mark-paid', async () => {
    const finance = await signInOperator(server, 'finance')
    const goods = await customerWithGoods(server)
    const refund = () =>
      server.call('POST', `/api/admin/refunds/static-ip/${goods.instanceId}`, {
        headers: { cookie: finance.cookie, 'idempotency-key': randomUUID() },
        body: { reason: 'customer asked to cancel' },
      })
    expect((await refund()).status).toBe(200)
    const again = await refund()
    expect(again.body.code).toBe(errorCatalogue.NOT_REFUNDABLE.code)

    const markPaid = (orderNo: string) =>
      server.call('POST', `/api/admin/topups/${orderNo}/mark-paid`, {
        headers: { cookie: finance.cookie, 'idempotency-key': randomUUID() },
        body: { reason: 'the customer sent a receipt' },
      })
    const unpaid = await createTopUp(server, goods.token, 5)
    const notAtGateway = await markPaid(unpaid.orderNo)
    expect(notAtGateway.status).toBe(400)
    const lost = await topUpPaidWithoutNotify(server)
    expect((await markPaid(lost.order.orderNo)).status).toBe(200)
    const twice = await markPaid(lost.order.orderNo)
    expect(twice.body.code).toBe(errorCatalogue.TOPUP_NOT_PENDING.code)

    const rows = await refusalsOf(finance.operator.id)
    expect(rows).toEqual([
      expect.objectContaining({
        target: goods.instanceId,
        reason: expect.stringMatching(/^NOT_REFUNDABLE: /),
        after: { route: 'POST /api/admin/refunds/static-ip/:id', status: again.status },
      }),
      expect.objectContaining({
        target: unpaid.orderNo,
        reason: 'VALIDATION_FAILED: The gateway does not have this order paid with its amount',
        after: { route: 'POST /api/admin/topups/:orderNo/mark-paid', status: 400 },
      }),
      expect.objectContaining({
        target: lost.order.orderNo,
        reason: expect.stringMatching(/^TOPUP_NOT_PENDING: /),
        after: { route: 'POST /api/admin/topups/:orderNo/mark-paid', status: 409 },
      }),
    ])
  })

  it('records an address off the allow-list, though nobody is signed in, and a failed sign-in only once', async () => {
    const closed = await startTestServer({ ADMIN_ALLOWED_IPS: '127.0.0.2' })
    try {
      const operator = await createOperator(closed, 'owner')
      const body = { email: operator.email, password: operator.password, totp: totpAt(operator) }
      expect((await closed.call('POST', '/api/admin/auth/login', { body, from: '127.0.0.3' })).status).toBe(
        403,
      )
      const wrong = { ...body, password: 'not the password at all' }
      expect(
        (await closed.call('POST', '/api/admin/auth/login', { body: wrong, from: '127.0.0.2' })).status,
      ).toBe(401)
      expect(await refusals(closed.db)).toEqual([
        expect.objectContaining({
          operatorId: null,
          reason: expect.stringMatching(/^FORBIDDEN: /),
          after: { route: 'POST /api/admin/auth/login', status: 403 },
          ip: '127.0.0.3',
        }),
      ])
      const failures = await closed.db
        .select()
        .from(operatorAuditLog)
        .where(and(eq(operatorAuditLog.action, 'auth.sign-in-failed'), eq(operatorAuditLog.ip, '127.0.0.2')))
      expect(failures).toHaveLength(1)
    } finally {
      await closed.close()
    }
  })

  it('keeps at most a budget of rows per address a minute, so a flood of refusals cannot flood the log', async () => {
    let now = 0
    const admit = createRowBudget(3, () => now)
    expect([admit('10.0.0.1'), admit('10.0.0.1'), admit('10.0.0.1'), admit('10.0.0.1')]).toEqual([
      true,
      true,
      true,
      false,
    ])
    expect(admit('10.0.0.2')).toBe(true)
    now += 60_000
    expect(admit('10.0.0.1')).toBe(true)

    const closed = await startTestServer({ ADMIN_ALLOWED_IPS: '127.0.0.2' })
    try {
      const answers = []
      for (let i = 0; i < 40; i++)
        answers.push((await closed.call('GET', '/api/admin/auth/me', { from: '127.0.0.4' })).status)
      expect(new Set(answers)).toEqual(new Set([403]))
      expect((await refusals(closed.db)).length).toBe(30)
    } finally {
      await closed.close()
    }
  })
})

describe('the append-only records', () => {
  it('refuse TRUNCATE: the audit log and both ledger tables', async () => {
    await signInOperator(server, 'owner')
    await customerWithGoods(server)
    const counts = async () => [
      await server.db.$count(operatorAuditLog),
      await server.db.$count(ledgerTransactions),
      await server.db.$count(ledgerEntries),
    ]
    const before = await counts()
    expect(before.every((count) => count > 0)).toBe(true)
    for (const table of ['operator_audit_log', 'ledger_transactions', 'ledger_entries']) {
      // The driver wraps the database's error: its cause carries the trigger's message.
      const refusal = await server.db.execute(sql.raw(`truncate ${table} cascade`)).then(
        () => 'truncated',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      )
      expect(refusal, table).toMatch(/append-only|immutable/)
    }
    expect(await counts()).toEqual(before)
  })
})
