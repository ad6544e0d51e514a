// Receipt numbers under concurrency: a series per year without gaps or duplicates, whoever issues at
// the same time, and each payment numbered once however often it is listed at once. On PostgreSQL the
// issuers really race (PGlite serialises them), so this file runs on both engines (test/engines.ts).
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { expectLedgerInvariants } from '../../../test/invariants.ts'
import { paidTopUp, receiptsOf, sequenceOf, setCompany } from '../../../test/receipts.ts'
import { fund } from '../../../test/static-ip.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { seedDemoCatalog } from '../seed/demo-catalog.ts'
import { documentNumber, yearIn } from './issue.service.ts'
import { receiptCounters, receiptDocuments } from './receipts.schema.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
  await seedDemoCatalog(server.db)
})
afterEach(() => expectLedgerInvariants(server.db))
afterAll(() => server.close())

const buyTraffic = (token: string) =>
  server.call('POST', '/api/orders/traffic', {
    token,
    body: { planId: 'gb-10', quantity: 1 },
    headers: { 'idempotency-key': randomUUID() },
  })

describe('the year of a receipt', () => {
  it("is the payment's year in the operator's time zone", () => {
    const newYearsEve = new Date('2026-12-31T20:00:00Z')
    expect(yearIn(newYearsEve, 'UTC')).toBe(2026)
    expect(yearIn(newYearsEve, 'Asia/Shanghai')).toBe(2027)
    expect(yearIn(new Date('2027-01-01T03:00:00Z'), 'America/New_York')).toBe(2026)
    expect(documentNumber('R', 2026, 42)).toBe('R-2026-000042')
    expect(documentNumber('C', 2027, 1_234_567)).toBe('C-2027-1234567')
  })
})

describe('receipt numbers', () => {
  it('are not issued before the operator sets the company details', async () => {
    const customer = await server.newCustomer()
    await paidTopUp(server, customer.token)
    const list = await receiptsOf(server, customer.token)
    expect(list.isIssuing).toBe(false)
    expect(list.items).toHaveLength(1)
    expect(list.items[0]?.document).toBeNull()
    expect(await server.db.$count(receiptDocuments)).toBe(0)
  })

  it('run 1..N without a gap or a duplicate for 50 payments paid and listed at the same time', async () => {
    await setCompany(server, { timeZone: 'UTC' })
    const customers = await Promise.all(Array.from({ length: 25 }, () => server.newCustomer()))
    await Promise.all(customers.map((customer) => fund(server, customer.email, 50_00)))
    const [before] = await server.db.select({ value: sql<number>`count(*)::int` }).from(receiptDocuments)
    // 25 top-ups credited and 25 traffic packages bought, all at once.
    const [, bought] = await Promise.all([
      Promise.all(customers.map((customer) => paidTopUp(server, customer.token, 20))),
      Promise.all(customers.map((customer) => buyTraffic(customer.token))),
    ])
    for (const answer of bought) expect(answer.status, JSON.stringify(answer.body)).toBe(200)

    // Every customer lists twice at once: 50 issuers race for the same counter, two for each payment.
    const lists = await Promise.all(
      customers.flatMap((customer) => [
        receiptsOf(server, customer.token),
        receiptsOf(server, customer.token),
      ]),
    )
    const numbers = lists.flatMap((list) =>
      list.items.flatMap((item) => (item.kind === 'refund' || !item.document ? [] : [item.document.number])),
    )
    const unique = [...new Set(numbers)]
    // The first customer of the file (no company details yet) got none; the 50 payments one each.
    expect(unique).toHaveLength(50)
    expect(before?.value).toBe(0)
    const year = yearIn(new Date(), 'UTC')
    expect(unique.map(sequenceOf).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1))
    for (const number of unique) expect(number).toMatch(new RegExp(`^R-${year}-\\d{6}$`))
    // Both lists of one customer show the same two documents.
    for (let i = 0; i < lists.length; i += 2)
      expect(lists[i]?.items.map((item) => item.document?.id)).toEqual(
        lists[i + 1]?.items.map((item) => item.document?.id),
      )
    const [counter] = await server.db.select().from(receiptCounters)
    expect(counter).toMatchObject({ series: 'R', year, last: 50 })
    expect(await server.db.$count(receiptDocuments)).toBe(50)
  })

  it('go on from the counter, in the order of issue, for payments listed later', async () => {
    const customer = await server.newCustomer()
    await paidTopUp(server, customer.token, 5)
    await paidTopUp(server, customer.token, 6)
    const list = await receiptsOf(server, customer.token)
    // Newest first in the list; the older payment got the lower number.
    expect(list.items.map((item) => item.amount)).toEqual([6, 5])
    expect(list.items.map((item) => sequenceOf(item.document?.number ?? ''))).toEqual([52, 51])
    // The first customer's top-up, paid before any company details, waits for that customer's next list.
    expect(await server.db.$count(receiptDocuments)).toBe(52)
  })
})
