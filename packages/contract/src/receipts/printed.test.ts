import { describe, expect, it } from 'vitest'
import type { ReceiptDocument } from './endpoints.ts'
import { printedDocument } from './printed.ts'

const topUpReceipt: ReceiptDocument = {
  id: '00000000-0000-4000-8000-000000000001',
  number: 'R-2026-000007',
  type: 'receipt',
  issuedAt: '2026-12-31T16:30:00.000Z',
  issuer: { name: '示例科技有限公司', address: '上海市\n200120', taxId: '9131', contact: '' },
  billTo: { name: '', address: '', taxId: '', account: 'li***@example.com' },
  payment: {
    kind: 'topup',
    reference: 'T20261231ABCDEFGHJK',
    paidAt: '2026-12-31T16:00:00.000Z',
    channel: 'alipay',
  },
  lines: [
    {
      description: { 'zh-CN': '支付宝充值', 'en-US': 'Top-up via Alipay' },
      quantity: 1,
      unitPrice: null,
      amount: 1234.5,
    },
  ],
  currency: 'USD',
  total: 1234.5,
  yuan: { amount: 8888.4, rate: 7.2 },
  refersTo: null,
  timeZone: 'Asia/Shanghai',
}

describe('a printed receipt', () => {
  it('says the same things in Chinese and English, times in the issuing zone', () => {
    const zh = printedDocument(topUpReceipt, 'zh-CN')
    expect(zh.title).toBe('收据')
    expect(zh.number).toEqual({ label: '编号', value: 'R-2026-000007' })
    // 16:00 UTC on 31 December is 1 January in Shanghai.
    expect(zh.fields).toContainEqual({ label: '付款时间', value: '2027-01-01 00:00' })
    expect(zh.fields).toContainEqual({ label: '支付方式', value: '支付宝' })
    expect(zh.rows).toEqual([['支付宝充值', '1', '', '$1,234.50']])
    expect(zh.totals).toEqual([
      { label: '合计（美元）', value: '$1,234.50' },
      { label: '实付人民币', value: '¥8,888.40' },
      { label: '汇率', value: '1 USD = 7.20 CNY' },
    ])
    // Empty parts print nothing; the address keeps its lines; the account is always there.
    expect(zh.issuer.lines).toEqual(['示例科技有限公司', '上海市', '200120', '税号: 9131'])
    expect(zh.billTo.lines).toEqual(['账户: li***@example.com'])

    const en = printedDocument(topUpReceipt, 'en-US')
    expect(en.title).toBe('Receipt')
    expect(en.rows).toEqual([['Top-up via Alipay', '1', '', '$1,234.50']])
    expect(en.columns).toEqual(['Item', 'Qty', 'Unit price', 'Amount'])
    expect(en.notes[1]).toBe('Times are in the Asia/Shanghai time zone.')
  })

  it('as a credit note names the receipt it refers to and what went back to the wallet', () => {
    const note = printedDocument(
      {
        ...topUpReceipt,
        type: 'credit_note',
        number: 'C-2026-000001',
        payment: { ...topUpReceipt.payment, kind: 'refund', channel: null },
        yuan: null,
        total: 24.16,
        refersTo: { id: topUpReceipt.id, number: 'R-2026-000003' },
      },
      'en-US',
    )
    expect(note.title).toBe('Credit note')
    expect(note.fields).toContainEqual({ label: 'Refers to receipt', value: 'R-2026-000003' })
    expect(note.fields.map((field) => field.label)).not.toContain('Paid with')
    expect(note.totals).toEqual([{ label: 'Credited to wallet (USD)', value: '$24.16' }])
  })
})
