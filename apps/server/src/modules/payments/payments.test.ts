import { errorCatalogue } from '@proxy/contract/errors'
import { eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { expectLedgerInvariants } from '../../../test/invariants.ts'
import { balanceOf, createTopUp, openCheckout, payInSandbox, type TopUp } from '../../../test/payments.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { DEV_EPAY_KEY, loadConfig } from '../../platform/config.ts'
import { auditLog, ledgerTransactions } from '../ledger/ledger.schema.ts'
import { topupOrders } from '../wallet/topup.schema.ts'
import { withEpaySignature } from './epay-sign.ts'
import { sandboxTrades } from './sandbox/sandbox.schema.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterEach(() => expectLedgerInvariants(server.db))
afterAll(() => server.close())

const notifyParams = (orderNo: string, overrides: Record<string, string> = {}, key = DEV_EPAY_KEY) =>
  withEpaySignature(
    {
      pid: '1000',
      trade_no: `EXT${orderNo}`,
      out_trade_no: orderNo,
      type: 'alipay',
      name: 'top-up',
      // $12.50 at the default 7.2 yuan per dollar.
      money: '90.00',
      trade_status: 'TRADE_SUCCESS',
      ...overrides,
    },
    key,
  )

async function notify(params: Record<string, string | undefined>, method: 'GET' | 'POST' = 'GET') {
  const defined = Object.fromEntries(
    Object.entries(params).filter(([, value]) => value !== undefined),
  ) as Record<string, string>
  const query = new URLSearchParams(defined)
  const response =
    method === 'GET'
      ? await fetch(`${server.baseUrl}/api/payments/epay/notify?${query}`)
      : await fetch(`${server.baseUrl}/api/payments/epay/notify`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: query,
        })
  return response.text()
}

const orderStatus = async (orderNo: string) =>
  (await server.db.select().from(topupOrders).where(eq(topupOrders.orderNo, orderNo)))[0]?.status
const creditsFor = (orderNo: string) =>
  server.db.$count(ledgerTransactions, eq(ledgerTransactions.reference, orderNo))

describe('top-up through the sandbox gateway', () => {
  it('pays, notifies, credits once and returns the customer to /paySuccess', async () => {
    const { token } = await server.newCustomer()
    const order = await createTopUp(server, token, 12.5)
    expect(order).toMatchObject({
      amount: 12.5,
      cnyAmount: 90,
      usdCnyRate: 7.2,
      status: 'pending',
      paidAt: null,
    })
    // The gateway charges yuan at the rate fixed on the order; the wallet is credited dollars.
    expect(new URL(order.payUrl ?? '', server.baseUrl).searchParams.get('money')).toBe('90.00')
    expect(order.payUrl).toMatch(/^\/sandbox-pay\/submit\.php\?/)
    const landing = await payInSandbox(server, order.payUrl ?? '')
    expect(landing).toBe(`/paySuccess?orderNo=${order.orderNo}`)
    expect(await balanceOf(server, token)).toBe(12.5)
    const after = await server.call<TopUp>('GET', `/api/user/wallet/topups/${order.orderNo}`, { token })
    expect(after.body.data).toMatchObject({ status: 'paid', payUrl: null })
    expect(after.body.data.paidAt).not.toBeNull()
    const audit = await server.db.select().from(auditLog).where(eq(auditLog.reference, order.orderNo))
    expect(audit).toEqual([
      expect.objectContaining({
        actor: 'gateway:sandbox',
        action: 'wallet.topup',
        amount: 1250,
        balanceBefore: 0,
        balanceAfter: 1250,
        requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      }),
    ])
  })

  it('limits how many orders a customer creates per hour', async () => {
    const limited = await startTestServer({ TOPUP_LIMIT_PER_HOUR: '2' })
    try {
      const { token } = await limited.newCustomer()
      await createTopUp(limited, token, 1)
      await createTopUp(limited, token, 2)
      const blocked = await limited.call('POST', '/api/user/wallet/topup', {
        token,
        body: { amount: 3, channel: 'wxpay' },
      })
      expect(blocked.status).toBe(429)
      expect(blocked.body.code).toBe(errorCatalogue.TOPUP_RATE_LIMITED.code)
      const other = await limited.newCustomer()
      await createTopUp(limited, other.token, 1)
    } finally {
      await limited.close()
    }
  })

  it('lets a customer reopen a cancelled sandbox checkout and pay it', async () => {
    const { token } = await server.newCustomer()
    const order = await createTopUp(server, token, 8)
    const tradeNo = await openCheckout(server, order.payUrl ?? '')
    const cancelled = await fetch(`${server.baseUrl}/sandbox-pay/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ trade_no: tradeNo }),
      redirect: 'manual',
    })
    expect(cancelled.status).toBe(302)
    expect(await payInSandbox(server, order.payUrl ?? '')).toBe(`/paySuccess?orderNo=${order.orderNo}`)
    expect(await balanceOf(server, token)).toBe(8)
  })

  it('refuses a checkout whose signature was tampered with', async () => {
    const { token } = await server.newCustomer()
    const order = await createTopUp(server, token, 12.5)
    const tampered = (order.payUrl ?? '').replace('money=90.00', 'money=0.01')
    const page = await fetch(`${server.baseUrl}${tampered}`)
    expect(page.status).toBe(400)
    expect(await page.text()).toContain('签名校验失败')
  })
})

describe('notify', () => {
  it('rejects every forged or mismatched notify, changes nothing and logs why', async () => {
    const { token } = await server.newCustomer()
    const order = await createTopUp(server, token, 12.5)
    const valid = notifyParams(order.orderNo)
    const cases: [string, Record<string, string | undefined>][] = [
      ['bad signature', { ...valid, sign: undefined }],
      ['bad signature', { ...valid, money: '1250.00' }],
      ['bad signature', notifyParams(order.orderNo, {}, 'another-merchant-key-123')],
      ['wrong pid', notifyParams(order.orderNo, { pid: '9999' })],
      ['unknown order', notifyParams('T20261122AAAAAAAAAA')],
      ['unknown order', notifyParams('../../etc/passwd')],
      ['trade status WAIT_BUYER_PAY', notifyParams(order.orderNo, { trade_status: 'WAIT_BUYER_PAY' })],
      ['differs from the order', notifyParams(order.orderNo, { money: '89.99' })],
      ['differs from the order', notifyParams(order.orderNo, { money: '9000' })],
      // The dollar amount is not what the gateway was asked to charge.
      ['differs from the order', notifyParams(order.orderNo, { money: '12.50' })],
    ]
    for (const [reason, params] of cases) {
      const logged = server.logs.length
      expect(await notify(params), reason).toBe('fail')
      const lines = server.logs.slice(logged).join('\n')
      expect(lines).toContain('payment notify rejected')
      expect(lines).toContain(reason)
    }
    expect(await orderStatus(order.orderNo)).toBe('pending')
    expect(await balanceOf(server, token)).toBe(0)
  })

  it('credits once for the same notify ten times in a row, answering success each time', async () => {
    const { token } = await server.newCustomer()
    const order = await createTopUp(server, token, 12.5)
    const params = notifyParams(order.orderNo)
    for (let i = 0; i < 10; i++) expect(await notify(params, i % 2 ? 'POST' : 'GET')).toBe('success')
    expect(await creditsFor(order.orderNo)).toBe(1)
    expect(await balanceOf(server, token)).toBe(12.5)
  })

  it('credits once for twenty concurrent copies of the notify', async () => {
    const { token } = await server.newCustomer()
    const order = await createTopUp(server, token, 12.5)
    const params = notifyParams(order.orderNo)
    const answers = await Promise.all(Array.from({ length: 20 }, () => notify(params)))
    expect(answers).toEqual(Array(20).fill('success'))
    expect(await creditsFor(order.orderNo)).toBe(1)
    expect(await balanceOf(server, token)).toBe(12.5)
  })

  it('never lets one gateway trade number pay two orders', async () => {
    const { token } = await server.newCustomer()
    const first = await createTopUp(server, token, 12.5)
    const second = await createTopUp(server, token, 12.5)
    expect(await notify(notifyParams(first.orderNo, { trade_no: 'SAME' }))).toBe('success')
    expect(await notify(notifyParams(second.orderNo, { trade_no: 'SAME' }))).toBe('fail')
    expect(await orderStatus(second.orderNo)).toBe('pending')
    expect(await balanceOf(server, token)).toBe(12.5)
  })
})

describe('closing and reconciliation', () => {
  const expire = (orderNo: string) =>
    server.db
      .update(topupOrders)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(topupOrders.orderNo, orderNo))

  it('closes unpaid orders after expiry, and a late paid notify still credits once', async () => {
    const { token } = await server.newCustomer()
    const order = await createTopUp(server, token, 12.5)
    await expire(order.orderNo)
    expect(await server.app.topups.closeExpired()).toMatchObject({ closed: 1, credited: 0 })
    expect(await orderStatus(order.orderNo)).toBe('closed')
    const listed = await server.call<TopUp>('GET', `/api/user/wallet/topups/${order.orderNo}`, { token })
    expect(listed.body.data).toMatchObject({ status: 'closed', payUrl: null })
    expect(await notify(notifyParams(order.orderNo))).toBe('success')
    expect(await notify(notifyParams(order.orderNo))).toBe('success')
    expect(await orderStatus(order.orderNo)).toBe('paid')
    expect(await balanceOf(server, token)).toBe(12.5)
  })

  it('asks the gateway before closing, and credits an order it says is paid', async () => {
    const { token } = await server.newCustomer()
    const order = await createTopUp(server, token, 12.5)
    const tradeNo = await openCheckout(server, order.payUrl ?? '')
    // The gateway took the money but its notify never arrived.
    await server.db.update(sandboxTrades).set({ status: 'paid' }).where(eq(sandboxTrades.tradeNo, tradeNo))
    await expire(order.orderNo)
    expect(await server.app.topups.closeExpired()).toMatchObject({ closed: 0, credited: 1 })
    expect(await orderStatus(order.orderNo)).toBe('paid')
    expect(await balanceOf(server, token)).toBe(12.5)
  })

  it('asks the gateway when the customer looks at a pending order', async () => {
    const { token } = await server.newCustomer()
    const order = await createTopUp(server, token, 20)
    const tradeNo = await openCheckout(server, order.payUrl ?? '')
    const before = await server.call<TopUp>('GET', `/api/user/wallet/topups/${order.orderNo}`, { token })
    expect(before.body.data.status).toBe('pending')
    await server.db.update(sandboxTrades).set({ status: 'paid' }).where(eq(sandboxTrades.tradeNo, tradeNo))
    await server.db.update(topupOrders).set({ checkedAt: null }).where(eq(topupOrders.orderNo, order.orderNo))
    const after = await server.call<TopUp>('GET', `/api/user/wallet/topups/${order.orderNo}`, { token })
    expect(after.body.data.status).toBe('paid')
    expect(await balanceOf(server, token)).toBe(20)
  })
})

describe('orders', () => {
  it('cancels pending orders only, and hides them from other customers', async () => {
    const alice = await server.newCustomer()
    const mallory = await server.newCustomer()
    const order = await createTopUp(server, alice.token, 30)
    for (const [method, path] of [
      ['GET', `/api/user/wallet/topups/${order.orderNo}`],
      ['POST', `/api/user/wallet/topups/${order.orderNo}/cancel`],
    ] as const) {
      const answer = await server.call(method, path, { token: mallory.token })
      expect(answer.status).toBe(404)
    }
    const list = await server.call<{ total: number }>('GET', '/api/user/wallet/topups', {
      token: mallory.token,
    })
    expect(list.body.data.total).toBe(0)
    const cancelled = await server.call<TopUp>('POST', `/api/user/wallet/topups/${order.orderNo}/cancel`, {
      token: alice.token,
    })
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', payUrl: null })
    const again = await server.call('POST', `/api/user/wallet/topups/${order.orderNo}/cancel`, {
      token: alice.token,
    })
    expect(again.status).toBe(409)
    expect(again.body.code).toBe(errorCatalogue.TOPUP_NOT_PENDING.code)
    expect(
      (await server.call('GET', '/api/user/wallet/topups/not-an-order', { token: alice.token })).status,
    ).toBe(400)
  })

  it('lists orders newest first with a status filter and paging', async () => {
    const { token } = await server.newCustomer()
    const orders = []
    for (const amount of [1, 2, 3]) orders.push(await createTopUp(server, token, amount))
    await server.call('POST', `/api/user/wallet/topups/${orders[0]?.orderNo}/cancel`, { token })
    type Page = { items: TopUp[]; total: number; page: number; pageSize: number }
    const page = await server.call<Page>('GET', '/api/user/wallet/topups?page=1&pageSize=2', { token })
    expect(page.body.data).toMatchObject({ total: 3, page: 1, pageSize: 2 })
    expect(page.body.data.items.map((item) => item.amount)).toEqual([3, 2])
    const cancelled = await server.call<Page>('GET', '/api/user/wallet/topups?status=cancelled', { token })
    expect(cancelled.body.data.items.map((item) => item.orderNo)).toEqual([orders[0]?.orderNo])
    expect((await server.call('GET', '/api/user/wallet/topups?status=lost', { token })).status).toBe(400)
  })

  it('refuses bad amounts and channels and creates nothing', async () => {
    const { token } = await server.newCustomer()
    const bodies = [
      { amount: 0.99, channel: 'alipay' },
      { amount: 50_000.01, channel: 'alipay' },
      { amount: 1.005, channel: 'alipay' },
      { amount: -5, channel: 'alipay' },
      { amount: '10', channel: 'alipay' },
      { amount: 10, channel: 'paypal' },
      { amount: 10, channel: 'alipay', bonus: 5 },
      { amount: 10 },
      null,
    ]
    for (const body of bodies) {
      const answer = await server.call('POST', '/api/user/wallet/topup', { token, body })
      expect(answer.status, JSON.stringify(body)).toBe(400)
    }
    const list = await server.call<{ total: number }>('GET', '/api/user/wallet/topups', { token })
    expect(list.body.data.total).toBe(0)
    expect(
      (await server.call('POST', '/api/user/wallet/topup', { body: { amount: 10, channel: 'alipay' } }))
        .status,
    ).toBe(401)
  })

  it('never shows the merchant key in any answer', async () => {
    const { token } = await server.newCustomer()
    const order = await createTopUp(server, token, 12.5)
    const texts: string[] = [JSON.stringify(order)]
    for (const path of [
      `/api/user/wallet/topups/${order.orderNo}`,
      '/api/user/wallet/topups',
      '/api/openapi.json',
    ])
      texts.push(JSON.stringify((await server.call('GET', path, { token })).body))
    const page = await fetch(`${server.baseUrl}${order.payUrl}`)
    texts.push(await page.text(), JSON.stringify([...page.headers]))
    texts.push(await payInSandbox(server, order.payUrl ?? ''))
    const query = await fetch(
      `${server.baseUrl}/sandbox-pay/api.php?act=order&pid=1000&key=wrong&out_trade_no=${order.orderNo}`,
    )
    texts.push(await query.text())
    for (const text of texts) expect(text).not.toContain(DEV_EPAY_KEY)
  })
})

describe('the account is in dollars, the gateway charges yuan', () => {
  it('converts at the operator rate, rounded half up to the fen, and keeps the rate on the order', async () => {
    const other = await startTestServer({ USD_CNY_RATE: '6.8321' })
    try {
      const { token } = await other.newCustomer()
      // 12.50 × 6.8321 = 85.40125 → 85.40; 1.01 × 6.8321 = 6.900421 → 6.90; 3.33 × 6.8321 = 22.750893 → 22.75
      for (const [dollars, yuan] of [
        [12.5, 85.4],
        [1.01, 6.9],
        [3.33, 22.75],
      ] as const) {
        const order = await createTopUp(other, token, dollars)
        expect(order).toMatchObject({ amount: dollars, cnyAmount: yuan, usdCnyRate: 6.8321 })
        expect(new URL(order.payUrl ?? '', other.baseUrl).searchParams.get('money')).toBe(yuan.toFixed(2))
        const listed = await other.call<{ items: TopUp[] }>('GET', '/api/user/wallet/topups', { token })
        expect(listed.body.data.items[0]).toMatchObject({ orderNo: order.orderNo, cnyAmount: yuan })
      }
      const wallet = await other.call('GET', '/api/user/wallet', { token })
      expect(wallet.body.data).toMatchObject({ wallet: { currency: 'USD' }, usdCnyRate: 6.8321 })
    } finally {
      await other.close()
    }
  })

  it('refuses a rate that is not a plain positive number', () => {
    for (const rate of ['0', '-7', 'abc', '7.12345', '7,2'])
      expect(() => loadConfig({ NODE_ENV: 'test', USD_CNY_RATE: rate }), rate).toThrow(/USD_CNY_RATE/)
  })
})
