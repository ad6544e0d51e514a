// Top-up reconciliation: the operator asks the gateway, and may credit an unpaid order only when the
// gateway has it paid with our yuan amount — once, whether the notify comes before or after.
import { randomUUID } from 'node:crypto'
import { errorCatalogue } from '@proxy/contract/errors'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { topUpPaidWithoutNotify } from '../../../test/admin-writes/finance.writes.ts'
import { expectLedgerInvariants } from '../../../test/invariants.ts'
import { signInOperator } from '../../../test/operators.ts'
import { balanceOf, createTopUp, payInSandbox } from '../../../test/payments.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { DEV_EPAY_KEY } from '../../platform/config.ts'
import { ledgerTransactions } from '../ledger/ledger.schema.ts'
import { withEpaySignature } from '../payments/epay-sign.ts'
import { operatorAuditLog } from './admin.schema.ts'

let server: TestServer
let cookie: string
beforeAll(async () => {
  server = await startTestServer()
  cookie = (await signInOperator(server, 'finance')).cookie
})
afterEach(() => expectLedgerInvariants(server.db))
afterAll(() => server.close())

type Check = {
  topUp: { orderNo: string; status: string; cnyAmount: number }
  gateway: { isPaid: boolean; tradeNo: string | null; cnyAmount: number | null } | null
  canMarkPaid: boolean
}

const check = (orderNo: string) =>
  server.call<Check>('GET', `/api/admin/topups/${orderNo}/gateway`, { headers: { cookie } })
const markPaid = (
  orderNo: string,
  body: unknown = { reason: 'notify lost, gateway confirms' },
  key: string = randomUUID(),
) =>
  server.call<{ status: string; gatewayTradeNo: string | null }>(
    'POST',
    `/api/admin/topups/${orderNo}/mark-paid`,
    { headers: { cookie, 'idempotency-key': key }, body },
  )
const credits = async (orderNo: string) =>
  (
    await server.db
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.reference, orderNo), eq(ledgerTransactions.kind, 'topup')))
  ).length

describe('top-up reconciliation', () => {
  it('shows what the gateway says of an unpaid, a paid-without-notify and a paid order', async () => {
    const { token } = await server.newCustomer()
    const unpaid = await createTopUp(server, token, 5)
    const asked = await check(unpaid.orderNo)
    expect(asked.status).toBe(200)
    // Never opened at the gateway: it does not know the order.
    expect(asked.body.data).toMatchObject({ topUp: { status: 'pending' }, gateway: null, canMarkPaid: false })

    const lost = await topUpPaidWithoutNotify(server)
    const lostCheck = await check(lost.order.orderNo)
    expect(lostCheck.body.data).toMatchObject({
      topUp: { status: 'pending', cnyAmount: 90 },
      gateway: { isPaid: true, cnyAmount: 90 },
      canMarkPaid: true,
    })

    const paid = await createTopUp(server, token, 5)
    await payInSandbox(server, paid.payUrl ?? '')
    expect((await check(paid.orderNo)).body.data).toMatchObject({
      topUp: { status: 'paid' },
      gateway: { isPaid: true },
      canMarkPaid: false,
    })
    expect((await check('T20260101AAAAAAAAAA')).status).toBe(404)
    expect((await check('not-an-order')).status).toBe(400)
  })

  it('credits a top-up the gateway has paid, once, audited; a later notify credits nothing more', async () => {
    const lost = await topUpPaidWithoutNotify(server)
    const before = await balanceOf(server, lost.token)
    const answer = await markPaid(lost.order.orderNo)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.data.status).toBe('paid')
    expect(answer.body.data.gatewayTradeNo).toBeTruthy()
    expect(await balanceOf(server, lost.token)).toBe(before + 12.5)
    const [audit] = await server.db
      .select()
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.target, `topup:${lost.order.orderNo}`))
    expect(audit).toMatchObject({ action: 'topups.mark-paid', reason: 'notify lost, gateway confirms' })
    expect(audit?.before).toMatchObject({ status: 'pending' })
    expect(audit?.after).toMatchObject({ status: 'paid', credited: 12.5 })

    // The gateway's notify arrives late: acknowledged, not credited again.
    const params = withEpaySignature(
      {
        pid: '1000',
        trade_no: answer.body.data.gatewayTradeNo ?? '',
        out_trade_no: lost.order.orderNo,
        type: 'alipay',
        name: 'top-up',
        money: '90.00',
        trade_status: 'TRADE_SUCCESS',
      },
      DEV_EPAY_KEY,
    )
    const notified = await fetch(`${server.baseUrl}/api/payments/epay/notify?${new URLSearchParams(params)}`)
    expect((await notified.text()).trim()).toBe('success')
    expect(await credits(lost.order.orderNo)).toBe(1)
    expect(await balanceOf(server, lost.token)).toBe(before + 12.5)

    const again = await markPaid(lost.order.orderNo)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe(errorCatalogue.TOPUP_NOT_PENDING.code)
  })

  it('answers a retried mark-paid with its first answer, though the order is paid by then', async () => {
    const lost = await topUpPaidWithoutNotify(server)
    const key = randomUUID()
    const first = await markPaid(lost.order.orderNo, undefined, key)
    expect(first.status).toBe(200)
    // The service refuses a paid order before its transaction claims the key: the stored answer wins.
    const retried = await markPaid(lost.order.orderNo, undefined, key)
    expect(retried.status).toBe(200)
    expect(retried.headers.get('idempotent-replayed')).toBe('true')
    expect(retried.body).toEqual(first.body)
    const other = await markPaid(lost.order.orderNo, { reason: 'another reason' }, key)
    expect(other.body.code).toBe(errorCatalogue.IDEMPOTENCY_KEY_REUSED.code)
    expect(await credits(lost.order.orderNo)).toBe(1)
  })

  it('refuses an order the gateway has not paid, or paid with another amount', async () => {
    const { token } = await server.newCustomer()
    const unpaid = await createTopUp(server, token, 5)
    const refused = await markPaid(unpaid.orderNo)
    expect(refused.status).toBe(400)
    expect(refused.body.message).toBe('The gateway does not have this order paid with its amount')

    const lost = await topUpPaidWithoutNotify(server)
    await server.db.execute(
      sql`update sandbox_trades set money = '1.00' where out_trade_no = ${lost.order.orderNo}`,
    )
    expect((await check(lost.order.orderNo)).body.data).toMatchObject({
      gateway: { cnyAmount: 1 },
      canMarkPaid: false,
    })
    expect((await markPaid(lost.order.orderNo)).status).toBe(400)
    expect(await credits(lost.order.orderNo)).toBe(0)
    expect(await balanceOf(server, lost.token)).toBe(0)
  })

  it('needs a reason', async () => {
    const lost = await topUpPaidWithoutNotify(server)
    for (const body of [{}, { reason: ' ' }, { reason: 'fine', amount: 1 }])
      expect((await markPaid(lost.order.orderNo, body)).status, JSON.stringify(body)).toBe(400)
    expect(await credits(lost.order.orderNo)).toBe(0)
  })

  it('credits once when marking paid races the notify', async () => {
    const lost = await topUpPaidWithoutNotify(server)
    const [trade] = (
      (await server.db.execute(
        sql`select trade_no from sandbox_trades where out_trade_no = ${lost.order.orderNo}`,
      )) as unknown as { rows: { trade_no: string }[] }
    ).rows
    const params = withEpaySignature(
      {
        pid: '1000',
        trade_no: trade?.trade_no ?? '',
        out_trade_no: lost.order.orderNo,
        type: 'alipay',
        name: 'top-up',
        money: '90.00',
        trade_status: 'TRADE_SUCCESS',
      },
      DEV_EPAY_KEY,
    )
    const answers = await Promise.all([
      markPaid(lost.order.orderNo),
      fetch(`${server.baseUrl}/api/payments/epay/notify?${new URLSearchParams(params)}`).then((r) =>
        r.text(),
      ),
      markPaid(lost.order.orderNo),
    ])
    expect(answers[1]?.toString().trim()).toBe('success')
    expect(await credits(lost.order.orderNo)).toBe(1)
    expect(await balanceOf(server, lost.token)).toBe(12.5)
  })
})
