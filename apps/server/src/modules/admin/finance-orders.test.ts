// The finance pages' lists: orders and top-up orders of every customer, with their filters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInOperator } from '../../../test/operators.ts'
import { createTopUp, payInSandbox } from '../../../test/payments.ts'
import { customerWithOrders } from '../../../test/static-ip.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { seedDemoCatalog } from '../seed/demo-catalog.ts'

let server: TestServer
let cookie: string
beforeAll(async () => {
  server = await startTestServer()
  await seedDemoCatalog(server.db)
  cookie = (await signInOperator(server, 'support')).cookie
})
afterAll(() => server.close())

type Page<T> = { items: T[]; total: number; page: number; pageSize: number }
type AdminOrder = { orderNo: string; kind: string; total: number; customerId: string; customerEmail: string }
type AdminTopUp = { orderNo: string; status: string; channel: string; customerEmail: string; amount: number }

const get = <T>(path: string) => server.call<Page<T>>('GET', path, { headers: { cookie } })

describe('the operator order list', () => {
  it('lists every customer’s orders, filtered by customer email or id, number, kind and time', async () => {
    const first = await customerWithOrders(server)
    const second = await customerWithOrders(server)
    const all = await get<AdminOrder>('/api/admin/orders?pageSize=100')
    expect(all.status).toBe(200)
    const emails = new Set(all.body.data.items.map((order) => order.customerEmail))
    expect(emails.has(first.email) && emails.has(second.email)).toBe(true)

    const mine = await get<AdminOrder>(
      `/api/admin/orders?customer=${encodeURIComponent(first.email.toUpperCase())}`,
    )
    expect(mine.body.data.total).toBe(2)
    expect(mine.body.data.items.map((order) => order.kind).sort()).toEqual(['new', 'traffic'])
    expect(mine.body.data.items.every((order) => order.customerEmail === first.email)).toBe(true)

    const customerId = mine.body.data.items[0]?.customerId ?? ''
    const byId = await get<AdminOrder>(`/api/admin/orders?customer=${customerId}&kind=traffic`)
    expect(byId.body.data.items).toHaveLength(1)
    expect(byId.body.data.items[0]).toMatchObject({ kind: 'traffic', customerId, total: 30 })

    // A whole order number (any case) finds that order alone; an unknown one finds nothing.
    const orderNo = byId.body.data.items[0]?.orderNo ?? ''
    const byNumber = await get<AdminOrder>(`/api/admin/orders?orderNo=${orderNo.toLowerCase()}`)
    expect(byNumber.body.data.items.map((order) => order.orderNo)).toEqual([orderNo])
    const unknown = await get<AdminOrder>(`/api/admin/orders?orderNo=S20000101AAAAAAAAAA`)
    expect(unknown.body.data).toMatchObject({ items: [], total: 0 })

    // A part of an email names no customer: the filter is exact.
    const partial = await get<AdminOrder>(`/api/admin/orders?customer=${first.email.slice(0, 6)}`)
    expect(partial.body.data).toMatchObject({ items: [], total: 0 })

    const future = await get<AdminOrder>(
      `/api/admin/orders?customer=${customerId}&from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
    )
    expect(future.body.data.total).toBe(0)
    const past = await get<AdminOrder>(
      `/api/admin/orders?customer=${customerId}&to=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}`,
    )
    expect(past.body.data.total).toBe(0)
    const window = await get<AdminOrder>(
      `/api/admin/orders?customer=${customerId}&from=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}&to=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
    )
    expect(window.body.data.total).toBe(2)

    const paged = await get<AdminOrder>('/api/admin/orders?pageSize=1&page=2')
    expect(paged.body.data).toMatchObject({ page: 2, pageSize: 1 })
    expect(paged.body.data.items).toHaveLength(1)
    expect(paged.body.data.total).toBeGreaterThanOrEqual(4)
  })

  it('refuses malformed filters with a 400', async () => {
    for (const query of ['kind=gift', 'from=yesterday', 'pageSize=1000', 'customer=', 'colour=red'])
      expect((await get(`/api/admin/orders?${query}`)).status, query).toBe(400)
  })
})

describe('the operator top-up list', () => {
  it('lists every customer’s top-ups, filtered by status, channel, customer and number', async () => {
    const customer = await server.newCustomer()
    const paid = await createTopUp(server, customer.token, 20)
    await payInSandbox(server, paid.payUrl ?? '')
    const pending = await createTopUp(server, customer.token, 5)

    const mine = await get<AdminTopUp>(`/api/admin/topups?customer=${encodeURIComponent(customer.email)}`)
    expect(mine.status).toBe(200)
    expect(mine.body.data.total).toBe(2)
    expect(mine.body.data.items.map((topUp) => topUp.orderNo)).toEqual([pending.orderNo, paid.orderNo])

    const paidOnly = await get<AdminTopUp>(
      `/api/admin/topups?customer=${encodeURIComponent(customer.email)}&status=paid`,
    )
    expect(paidOnly.body.data.items).toEqual([
      expect.objectContaining({
        orderNo: paid.orderNo,
        status: 'paid',
        amount: 20,
        customerEmail: customer.email,
      }),
    ])
    const byNumber = await get<AdminTopUp>(`/api/admin/topups?orderNo=${pending.orderNo.toLowerCase()}`)
    expect(byNumber.body.data.items).toEqual([
      expect.objectContaining({ orderNo: pending.orderNo, status: 'pending', channel: 'alipay' }),
    ])
    const wxpay = await get<AdminTopUp>(
      `/api/admin/topups?customer=${encodeURIComponent(customer.email)}&channel=wxpay`,
    )
    expect(wxpay.body.data.total).toBe(0)
    const nobody = await get<AdminTopUp>('/api/admin/topups?customer=nobody@example.com')
    expect(nobody.body.data).toMatchObject({ items: [], total: 0 })
  })

  it('refuses malformed filters with a 400', async () => {
    for (const query of ['status=lost', 'channel=paypal', 'page=0', 'orderNo='])
      expect((await get(`/api/admin/topups?${query}`)).status, query).toBe(400)
  })
})
