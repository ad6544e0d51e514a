// Receipts and credit notes as customers and operators read them: what they print, that nothing
// changes them once issued, the PDF (read back with poppler's pdftotext), the credit note a refund
// issues, billing details, and nobody reading another customer's documents.
import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AdminReceipt } from '@proxy/contract/admin/receipts'
import { errorCatalogue } from '@proxy/contract/errors'
import type { BillingDetails } from '@proxy/contract/receipts/endpoints'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customerWithGoods } from '../../../test/admin-writes/finance.writes.ts'
import { signInOperator } from '../../../test/operators.ts'
import { COMPANY, paidTopUp, receipt, receiptsOf, setCompany } from '../../../test/receipts.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { receiptDocuments } from './receipts.schema.ts'

let server: TestServer
let owner: string
beforeAll(async () => {
  server = await startTestServer({ USD_CNY_RATE: '7.2' })
  owner = await setCompany(server)
})
afterAll(() => server.close())

const setBilling = (token: string, body: unknown) =>
  server.call<BillingDetails>('PUT', '/api/user/billing-details', { token, body })

async function customerWithReceipt(amount = 12.5) {
  const customer = await server.newCustomer()
  expect(
    (await setBilling(customer.token, { name: '张三', address: '北京市海淀区', taxId: '' })).status,
  ).toBe(200)
  const topUp = await paidTopUp(server, customer.token, amount)
  const [item] = (await receiptsOf(server, customer.token)).items
  if (!item?.document) throw new Error('no receipt issued')
  return { ...customer, topUp, documentId: item.document.id, number: item.document.number }
}

async function pdfText(token: string, id: string, lang: string) {
  const answer = await fetch(`${server.baseUrl}/api/user/receipts/${id}/pdf?lang=${lang}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(answer.status).toBe(200)
  expect(answer.headers.get('content-type')).toBe('application/pdf')
  const bytes = Buffer.from(await answer.arrayBuffer())
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
  // The font is embedded as a subset of the glyphs used, not its 8 MB.
  expect(bytes.length).toBeLessThan(200_000)
  const file = join(mkdtempSync(join(tmpdir(), 'receipt-')), 'receipt.pdf')
  writeFileSync(file, bytes)
  return {
    text: execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }),
    fonts: execFileSync('pdffonts', [file], { encoding: 'utf8' }),
    disposition: answer.headers.get('content-disposition'),
  }
}

describe('a receipt for a paid top-up', () => {
  it('prints the company, the billing details, the dollars and the yuan charged at the order’s rate', async () => {
    const customer = await customerWithReceipt(12.5)
    const document = await receipt(server, customer.token, customer.documentId)
    expect(document).toMatchObject({
      type: 'receipt',
      number: customer.number,
      issuer: {
        name: COMPANY.name,
        address: COMPANY.address,
        taxId: COMPANY.taxId,
        contact: COMPANY.contact,
      },
      billTo: { name: '张三', address: '北京市海淀区', taxId: '' },
      payment: { kind: 'topup', reference: customer.topUp.orderNo, channel: 'alipay' },
      currency: 'USD',
      total: 12.5,
      yuan: { amount: 90, rate: 7.2 },
      refersTo: null,
      timeZone: COMPANY.timeZone,
    })
    expect(document.lines).toEqual([
      {
        description: { 'zh-CN': '支付宝充值', 'en-US': 'Top-up via Alipay' },
        quantity: 1,
        unitPrice: null,
        amount: 12.5,
      },
    ])
    // The account, never its whole email address.
    expect(document.billTo.account).toMatch(/^\w{1,2}\*\*\*@example\.com$/)
    expect(JSON.stringify(document)).not.toContain(customer.email)
  })

  it('is a PDF in Chinese or English that pdftotext reads back, with the CJK font embedded', async () => {
    const customer = await customerWithReceipt(12.5)
    const zh = await pdfText(customer.token, customer.documentId, 'zh-CN')
    for (const expected of ['收据', customer.number, '$12.50', '¥90.00', COMPANY.name, '张三', '支付宝充值'])
      expect(zh.text).toContain(expected)
    expect(zh.fonts).toMatch(/NotoSansHans/)
    expect(zh.disposition).toBe(`attachment; filename="${customer.number}.pdf"`)
    const en = await pdfText(customer.token, customer.documentId, 'en-US')
    for (const expected of ['Receipt', customer.number, '$12.50', '¥90.00', 'Top-up via Alipay'])
      expect(en.text).toContain(expected)
    expect(en.text).not.toContain('收据')
  })
})

describe('an issued receipt', () => {
  it('is refused UPDATE, DELETE and TRUNCATE by the database', async () => {
    const customer = await customerWithReceipt()
    const refused = async (statement: ReturnType<typeof sql>) => {
      await expect(server.db.execute(statement)).rejects.toThrow()
    }
    await refused(sql`update receipt_documents set total = 1 where id = ${customer.documentId}`)
    await refused(sql`delete from receipt_documents where id = ${customer.documentId}`)
    await refused(sql`truncate receipt_documents cascade`)
    const [row] = await server.db
      .select()
      .from(receiptDocuments)
      .where(eq(receiptDocuments.id, customer.documentId))
    expect(row?.total).toBe(1250)
  })

  it('keeps what it printed when the company details and the billing name change; new receipts print the new', async () => {
    const customer = await customerWithReceipt()
    const before = await receipt(server, customer.token, customer.documentId)
    await setCompany(server, { name: 'Renamed Networks Ltd', timeZone: 'UTC' })
    await setBilling(customer.token, { name: 'Li Si', address: 'Shenzhen', taxId: 'TAX-1' })
    expect(await receipt(server, customer.token, customer.documentId)).toEqual(before)

    await paidTopUp(server, customer.token, 3)
    const [newest] = (await receiptsOf(server, customer.token)).items
    const later = await receipt(server, customer.token, newest?.document?.id ?? '')
    expect(later.issuer.name).toBe('Renamed Networks Ltd')
    expect(later.billTo).toMatchObject({ name: 'Li Si', address: 'Shenzhen', taxId: 'TAX-1' })
    expect(later.timeZone).toBe('UTC')
    await setCompany(server)
  })
})

describe('a refund', () => {
  it('issues a credit note in its own series that names the receipt of the order it refunds', async () => {
    const customer = await customerWithGoods(server)
    const { cookie } = await signInOperator(server, 'finance')
    const refund = await server.call('POST', `/api/admin/refunds/static-ip/${customer.instanceId}`, {
      headers: { cookie, 'idempotency-key': randomUUID() },
      body: { reason: 'customer asked to cancel' },
    })
    expect(refund.status, JSON.stringify(refund.body)).toBe(200)
    const list = await receiptsOf(server, customer.token)
    const credit = list.items.find((item) => item.kind === 'refund')
    const paid = list.items.find((item) => item.reference === customer.order.orderNo)
    expect(credit?.document?.type).toBe('credit_note')
    expect(credit?.document?.number).toMatch(/^C-\d{4}-\d{6}$/)
    expect(paid?.document?.number).toMatch(/^R-\d{4}-\d{6}$/)
    const note = await receipt(server, customer.token, credit?.document?.id ?? '')
    expect(note).toMatchObject({
      type: 'credit_note',
      payment: { kind: 'refund', reference: customer.order.orderNo },
      total: 24.16,
      refersTo: { id: paid?.document?.id, number: paid?.document?.number },
    })
    const { text } = await pdfText(customer.token, note.id, 'zh-CN')
    for (const expected of ['退款凭证', note.number, paid?.document?.number ?? '', '$24.16'])
      expect(text).toContain(expected)
  })
})

describe("another customer's documents", () => {
  it('answer 404, as a document that does not exist, and their list shows none of them', async () => {
    const owner_ = await customerWithReceipt()
    const intruder = await server.newCustomer()
    for (const path of [`/api/user/receipts/${owner_.documentId}`, `/api/user/receipts/${randomUUID()}`]) {
      const answer = await server.call('GET', path, { token: intruder.token })
      expect(answer.status).toBe(404)
      expect(answer.body.code).toBe(errorCatalogue.NOT_FOUND.code)
    }
    const pdf = await server.call('GET', `/api/user/receipts/${owner_.documentId}/pdf`, {
      token: intruder.token,
    })
    expect(pdf.status).toBe(404)
    expect(pdf.body.code).toBe(errorCatalogue.NOT_FOUND.code)
    expect((await receiptsOf(server, intruder.token)).items).toEqual([])
    // Credentials before anything else: no token is 401 whatever the id.
    expect((await server.call('GET', `/api/user/receipts/${owner_.documentId}/pdf?lang=xx`)).status).toBe(401)
    expect(
      (await server.call('GET', `/api/user/receipts/not-a-uuid`, { token: intruder.token })).status,
    ).toBe(400)
  })
})

describe('billing details', () => {
  it('are empty until set, refuse what is too long or unknown, and read back trimmed', async () => {
    const customer = await server.newCustomer()
    const empty = await server.call<BillingDetails>('GET', '/api/user/billing-details', {
      token: customer.token,
    })
    expect(empty.body.data).toEqual({ name: '', address: '', taxId: '' })
    for (const body of [
      { name: 'x'.repeat(121), address: '', taxId: '' },
      { name: 'ok', address: '', taxId: '', email: 'x@example.com' },
      { name: 'bad\u0000name', address: '', taxId: '' },
      { name: 'missing fields' },
    ]) {
      const answer = await setBilling(customer.token, body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.code).toBe(errorCatalogue.VALIDATION_FAILED.code)
    }
    const saved = await setBilling(customer.token, {
      name: '  ACME  ',
      address: 'Line 1\nLine 2',
      taxId: ' 123 ',
    })
    expect(saved.body.data).toEqual({ name: 'ACME', address: 'Line 1\nLine 2', taxId: '123' })
  })
})

describe('the operator side', () => {
  it('finds documents by number, order, customer and type, and serves their PDF', async () => {
    const customer = await customerWithReceipt(7)
    const { cookie } = await signInOperator(server, 'finance')
    const search = async (query: string) => {
      const answer = await server.call<{ items: AdminReceipt[]; total: number }>(
        'GET',
        `/api/admin/receipts${query}`,
        {
          headers: { cookie },
        },
      )
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      return answer.body.data
    }
    for (const q of [customer.number.toLowerCase(), customer.topUp.orderNo, customer.email.toUpperCase()]) {
      const found = await search(`?q=${encodeURIComponent(q)}`)
      expect(found.items.map((item) => item.number)).toEqual([customer.number])
      expect(found.items[0]).toMatchObject({ paymentKind: 'topup', total: 7, billToName: '张三' })
    }
    expect((await search('?q=nobody%40example.com')).items).toEqual([])
    expect((await search(`?q=${customer.number}&type=credit_note`)).items).toEqual([])
    const pdf = await fetch(`${server.baseUrl}/api/admin/receipts/${customer.documentId}/pdf`, {
      headers: { cookie },
    })
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    const one = await server.call('GET', `/api/admin/receipts/${customer.documentId}`, {
      headers: { cookie },
    })
    expect(one.body.data).toMatchObject({ number: customer.number })
  })

  it('sets the company details only with settings.manage, refusing an unknown time zone', async () => {
    const finance = (await signInOperator(server, 'finance')).cookie
    const denied = await server.call('PUT', '/api/admin/settings/company', {
      headers: { cookie: finance },
      body: COMPANY,
    })
    expect(denied.status).toBe(403)
    const bad = await server.call('PUT', '/api/admin/settings/company', {
      headers: { cookie: owner },
      body: { ...COMPANY, timeZone: 'Mars/Olympus' },
    })
    expect(bad.status).toBe(400)
    const read = await server.call<{ name: string; isConfigured: boolean }>(
      'GET',
      '/api/admin/settings/company',
      {
        headers: { cookie: owner },
      },
    )
    expect(read.body.data).toMatchObject({ name: COMPANY.name, isConfigured: true })
  })
})
