import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { expectLedgerInvariants } from '../../../test/invariants.ts'
import { createTopUp, payInSandbox } from '../../../test/payments.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { zonedTimestamp } from '../ledger/transactions.service.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterEach(() => expectLedgerInvariants(server.db))
afterAll(() => server.close())

type Entry = {
  type: string
  amount: number
  balanceAfter: number
  description: string
  orderNo: string | null
}
type Page = { items: Entry[]; total: number; page: number; pageSize: number }

async function customerWithTopUps(amounts: number[]) {
  const customer = await server.newCustomer()
  for (const amount of amounts) {
    const order = await createTopUp(server, customer.token, amount)
    await payInSandbox(server, order.payUrl ?? '')
  }
  return customer
}

describe('billing records', () => {
  it('lists wallet entries newest first with balance after, paged', async () => {
    const { token } = await customerWithTopUps([10, 20.5, 1])
    const page = await server.call<Page>('GET', '/api/user/wallet/transactions?pageSize=2', { token })
    expect(page.body.data).toMatchObject({ total: 3, page: 1, pageSize: 2 })
    expect(page.body.data.items.map((item) => [item.type, item.amount, item.balanceAfter])).toEqual([
      ['topup', 1, 31.5],
      ['topup', 20.5, 30.5],
    ])
    expect(page.body.data.items[0]?.description).toBe('支付宝充值')
    expect(page.body.data.items[0]?.orderNo).toMatch(/^T\d{8}/)
    const second = await server.call<Page>('GET', '/api/user/wallet/transactions?pageSize=2&page=2', {
      token,
    })
    expect(second.body.data.items.map((item) => item.amount)).toEqual([10])
  })

  it('filters by type and time range, and shows nothing of other customers', async () => {
    const { token } = await customerWithTopUps([5])
    const other = await server.newCustomer()
    const none = await server.call<Page>('GET', '/api/user/wallet/transactions', { token: other.token })
    expect(none.body.data).toMatchObject({ total: 0, items: [] })
    const purchases = await server.call<Page>('GET', '/api/user/wallet/transactions?type=purchase', { token })
    expect(purchases.body.data.total).toBe(0)
    const future = new Date(Date.now() + 3600e3).toISOString()
    const past = new Date(Date.now() - 3600e3).toISOString()
    const later = await server.call<Page>(
      `GET`,
      `/api/user/wallet/transactions?from=${encodeURIComponent(future)}`,
      { token },
    )
    expect(later.body.data.total).toBe(0)
    const window = await server.call<Page>(
      'GET',
      `/api/user/wallet/transactions?from=${encodeURIComponent(past)}&to=${encodeURIComponent(future)}&type=topup`,
      { token },
    )
    expect(window.body.data.total).toBe(1)
    for (const query of ['type=gift', 'from=yesterday', 'page=0', 'pageSize=1000', 'sort=amount'])
      expect(
        (await server.call('GET', `/api/user/wallet/transactions?${query}`, { token })).status,
        query,
      ).toBe(400)
  })

  it('exports the filtered range as CSV with a BOM, in either language', async () => {
    const { token } = await customerWithTopUps([7.5, 2])
    const response = await fetch(`${server.baseUrl}/api/user/wallet/transactions/export?type=topup`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="billing-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = new TextDecoder().decode(bytes.slice(3)).trim().split('\n')
    expect(lines[0]).toBe('时间,类型,说明,金额 (USD),余额 (USD),订单号')
    expect(lines).toHaveLength(3)
    expect(lines[1]).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \+08:00,充值,支付宝充值,2\.00,9\.50,T\d{8}/,
    )
    const english = await fetch(`${server.baseUrl}/api/user/wallet/transactions/export?lang=en-US`, {
      headers: { authorization: `Bearer ${token}` },
    })
    // text() drops the BOM, as Excel does.
    expect((await english.text()).split('\n')[0]).toBe(
      'Time,Type,Description,Amount (USD),Balance after (USD),Order',
    )
    expect((await fetch(`${server.baseUrl}/api/user/wallet/transactions/export`)).status).toBe(401)
  })

  it('describes entries in the reader language: keys on the list, the account language and zone in CSV', async () => {
    const { token } = await customerWithTopUps([7.5])
    const page = await server.call<{ items: { description: string; about: unknown }[] }>(
      'GET',
      '/api/user/wallet/transactions',
      { token },
    )
    // The stored text stays Chinese; the key lets the console render it in English.
    expect(page.body.data.items[0]).toMatchObject({
      description: '支付宝充值',
      about: { key: 'topup', params: { channel: 'alipay' } },
    })
    const csvLines = async () => {
      const answer = await fetch(`${server.baseUrl}/api/user/wallet/transactions/export`, {
        headers: { authorization: `Bearer ${token}` },
      })
      return (await answer.text()).trim().split('\n')
    }
    // No preference yet: Chinese, China time.
    expect((await csvLines())[1]).toMatch(/ \+08:00,充值,支付宝充值,7\.50,7\.50,T/)
    const changed = await server.call('PATCH', '/api/user/me', {
      token,
      body: { language: 'en-US', timeZone: 'America/New_York' },
    })
    expect(changed.status).toBe(200)
    const [header, row] = await csvLines()
    expect(header).toBe('Time,Type,Description,Amount (USD),Balance after (USD),Order')
    expect(row).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} -0[45]:00,Top-up,Top-up via Alipay,7\.50,7\.50,T/,
    )
  })
})

describe('zoned CSV times', () => {
  it('prints the wall time and the offset of that moment in the zone', () => {
    const at = new Date('2025-01-31T01:05:09Z')
    expect(zonedTimestamp('Asia/Shanghai')(at)).toBe('2025-01-31 09:05:09 +08:00')
    expect(zonedTimestamp('UTC')(at)).toBe('2025-01-31 01:05:09 +00:00')
    expect(zonedTimestamp('America/New_York')(at)).toBe('2025-01-30 20:05:09 -05:00')
    expect(zonedTimestamp('America/New_York')(new Date('2025-07-01T12:00:00Z'))).toBe(
      '2025-07-01 08:00:00 -04:00',
    )
    expect(zonedTimestamp('Asia/Kolkata')(at)).toBe('2025-01-31 06:35:09 +05:30')
  })
})
