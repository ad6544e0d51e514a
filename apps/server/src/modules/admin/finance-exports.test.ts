// Finance's CSV exports of the order and top-up lists: the lists' filters, `exports.read`, an audit row.
import { parse } from 'csv-parse/sync'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInOperator } from '../../../test/operators.ts'
import { createTopUp, payInSandbox } from '../../../test/payments.ts'
import { customerWithOrders } from '../../../test/static-ip.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { seedDemoCatalog } from '../seed/demo-catalog.ts'
import { operatorAuditLog } from './admin.schema.ts'

let server: TestServer
let finance: { cookie: string; operatorId: string }
beforeAll(async () => {
  server = await startTestServer()
  await seedDemoCatalog(server.db)
  const signedIn = await signInOperator(server, 'finance')
  finance = { cookie: signedIn.cookie, operatorId: signedIn.me.id }
})
afterAll(() => server.close())

type Csv = { status: number; type: string; disposition: string; text: string; rows: Record<string, string>[] }

async function download(path: string, cookie = finance.cookie): Promise<Csv> {
  const response = await fetch(`${server.baseUrl}${path}`, { headers: { cookie } })
  // response.text() would drop the BOM: decode it by hand, keeping it, to see it is there.
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer())
  const csv = response.status === 200 && text.startsWith('\uFEFF')
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    disposition: response.headers.get('content-disposition') ?? '',
    text,
    rows: csv ? parse(text.slice(1), { columns: true }) : [],
  }
}

const auditOf = (action: string) =>
  server.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.action, action))

const OFFSET_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \+00:00$/

type Page<T> = { items: T[]; total: number }
type ListedOrder = { orderNo: string; total: number; customerId: string }

describe('the order export', () => {
  it('answers the filtered orders as a CSV file whose totals match the list', async () => {
    const customer = await customerWithOrders(server)
    await customerWithOrders(server)
    const filter = `customer=${encodeURIComponent(customer.email.toUpperCase())}`
    const csv = await download(`/api/admin/orders/export?${filter}`)
    expect(csv.status).toBe(200)
    expect(csv.type).toBe('text/csv; charset=utf-8')
    expect(csv.disposition).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/)
    expect(Object.keys(csv.rows[0] ?? {})).toEqual([
      'Order number',
      'Customer email',
      'Customer ID',
      'Kind',
      'Items',
      'Total (USD)',
      'Status',
      'Created at',
    ])
    expect(csv.rows.map((row) => row.Kind).sort()).toEqual(['new', 'traffic'])
    expect(csv.rows.every((row) => row['Customer email'] === customer.email)).toBe(true)
    expect(csv.rows.every((row) => OFFSET_TIME.test(row['Created at'] ?? ''))).toBe(true)
    expect(csv.rows.find((row) => row.Kind === 'new')?.Items).toMatch(
      /^Static IP × 1 · .+ · socks5 · 30 days$/,
    )

    // The same rows and totals as the list shows for the same filter.
    const list = await server.call<Page<ListedOrder>>('GET', `/api/admin/orders?${filter}`, {
      headers: { cookie: finance.cookie },
    })
    const listed = list.body.data.items
    expect(csv.rows.map((row) => row['Order number'])).toEqual(listed.map((order) => order.orderNo))
    expect(csv.rows.map((row) => row['Total (USD)'])).toEqual(listed.map((order) => order.total.toFixed(2)))
    expect(csv.rows.map((row) => row['Customer ID'])).toEqual(listed.map((order) => order.customerId))

    const traffic = await download(`/api/admin/orders/export?${filter}&kind=traffic`)
    expect(traffic.rows.map((row) => [row.Kind, row['Total (USD)']])).toEqual([['traffic', '30.00']])
    const orderNo = traffic.rows[0]?.['Order number'] ?? ''
    const byNumber = await download(`/api/admin/orders/export?orderNo=${orderNo.toLowerCase()}`)
    expect(byNumber.rows.map((row) => row['Order number'])).toEqual([orderNo])
    // A customer that does not exist: the header alone.
    const nobody = await download('/api/admin/orders/export?customer=nobody%40example.com')
    expect(nobody.status).toBe(200)
    expect(nobody.rows).toEqual([])
    expect(nobody.text.trim().split('\n')).toHaveLength(1)
  })

  it('records who exported what in the audit log', async () => {
    const customer = await server.newCustomer()
    const csv = await download(
      `/api/admin/orders/export?customer=${encodeURIComponent(customer.email)}&kind=new`,
    )
    expect(csv.status).toBe(200)
    const row = (await auditOf('exports.orders')).find((entry) => entry.after?.customer === customer.email)
    expect(row).toMatchObject({
      operatorId: finance.operatorId,
      role: 'finance',
      before: null,
      after: { customer: customer.email, kind: 'new', rows: 0 },
    })
  })

  it('neutralises a customer email a spreadsheet would run as a formula', async () => {
    const customer = await customerWithOrders(server, `+1+cmd-${crypto.randomUUID().slice(0, 8)}@example.com`)
    const csv = await download(`/api/admin/orders/export?customer=${encodeURIComponent(customer.email)}`)
    expect(csv.rows).toHaveLength(2)
    expect(csv.rows.every((row) => row['Customer email'] === `'${customer.email}`)).toBe(true)
  })

  it('refuses malformed filters with a 400 and paging parameters (the export has none)', async () => {
    for (const query of ['kind=gift', 'from=yesterday', 'customer=', 'page=2', 'pageSize=10'])
      expect((await download(`/api/admin/orders/export?${query}`)).status, query).toBe(400)
  })

  it('is finance’s and the owner’s alone', async () => {
    for (const role of ['support', 'operator'] as const) {
      const { cookie } = await signInOperator(server, role)
      for (const path of ['/api/admin/orders/export', '/api/admin/topups/export'])
        expect((await download(path, cookie)).status, `${role} ${path}`).toBe(403)
    }
    const owner = await signInOperator(server, 'owner')
    for (const path of ['/api/admin/orders/export', '/api/admin/topups/export'])
      expect((await download(path, owner.cookie)).status, `owner ${path}`).toBe(200)
    const customer = await server.newCustomer()
    const bearer = await fetch(`${server.baseUrl}/api/admin/orders/export`, {
      headers: { authorization: `Bearer ${customer.token}` },
    })
    expect(bearer.status).toBe(401)
    expect((await download('/api/admin/topups/export', '')).status).toBe(401)
  })
})

describe('the top-up export', () => {
  it('answers the filtered top-ups as a CSV file with amounts, rate, channel and times', async () => {
    const customer = await server.newCustomer()
    const paid = await createTopUp(server, customer.token, 20)
    await payInSandbox(server, paid.payUrl ?? '')
    const pending = await createTopUp(server, customer.token, 5)
    const filter = `customer=${encodeURIComponent(customer.email)}`

    const csv = await download(`/api/admin/topups/export?${filter}`)
    expect(csv.status).toBe(200)
    expect(csv.disposition).toMatch(/^attachment; filename="topups-\d{4}-\d{2}-\d{2}\.csv"$/)
    expect(Object.keys(csv.rows[0] ?? {})).toEqual([
      'Order number',
      'Customer email',
      'Amount (USD)',
      'Amount (CNY)',
      'USD/CNY rate',
      'Channel',
      'Status',
      'Gateway trade number',
      'Created at',
      'Paid at',
    ])
    expect(csv.rows.map((row) => row['Order number'])).toEqual([pending.orderNo, paid.orderNo])
    const [open, settled] = csv.rows
    expect(open).toMatchObject({
      'Amount (USD)': '5.00',
      Status: 'pending',
      'Gateway trade number': '',
      'Paid at': '',
    })
    expect(settled).toMatchObject({ 'Amount (USD)': '20.00', Status: 'paid', Channel: 'alipay' })
    expect(settled?.['Gateway trade number']).not.toBe('')
    expect(OFFSET_TIME.test(settled?.['Paid at'] ?? '')).toBe(true)
    const rate = Number(settled?.['USD/CNY rate'])
    expect(Number(settled?.['Amount (CNY)'])).toBeCloseTo(20 * rate, 2)
    expect(settled?.['Amount (CNY)']).toMatch(/^\d+\.\d{2}$/)

    const paidOnly = await download(`/api/admin/topups/export?${filter}&status=paid`)
    expect(paidOnly.rows.map((row) => row['Order number'])).toEqual([paid.orderNo])
    const byNumber = await download(`/api/admin/topups/export?orderNo=${pending.orderNo.toLowerCase()}`)
    expect(byNumber.rows.map((row) => row['Order number'])).toEqual([pending.orderNo])
    const wxpay = await download(`/api/admin/topups/export?${filter}&channel=wxpay`)
    expect(wxpay.rows).toEqual([])

    const audits = (await auditOf('exports.topups')).filter(
      (entry) => entry.after?.customer === customer.email,
    )
    expect(audits).toHaveLength(3)
    const audit = audits.find((entry) => entry.after?.channel === 'wxpay')
    expect(audit?.after).toEqual({ customer: customer.email, channel: 'wxpay', rows: 0 })
  })

  it('refuses malformed filters with a 400', async () => {
    for (const query of ['status=lost', 'channel=paypal', 'orderNo=', 'page=1'])
      expect((await download(`/api/admin/topups/export?${query}`)).status, query).toBe(400)
  })
})
