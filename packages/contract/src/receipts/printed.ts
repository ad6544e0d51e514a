// A receipt or credit note as it prints, in one language: the labelled parts both the printable page
// (web) and the PDF (server) lay out, so the two always say the same thing.
import { formatBalance, formatRate, formatYuan } from '../wire.ts'
import { formatInZone } from '../zoned-time.ts'
import type { DocumentLine, PaymentKind, ReceiptDocument } from './endpoints.ts'

export type PrintLanguage = 'zh-CN' | 'en-US'
export type PrintedField = { label: string; value: string }
export type PrintedDocument = {
  title: string
  number: PrintedField
  fields: PrintedField[]
  issuer: { heading: string; lines: string[] }
  billTo: { heading: string; lines: string[] }
  columns: [string, string, string, string]
  rows: [string, string, string, string][]
  totals: PrintedField[]
  notes: string[]
}

const LABELS = {
  'zh-CN': {
    receipt: '收据',
    credit_note: '退款凭证',
    number: '编号',
    issuedAt: '开具时间',
    paidAt: '付款时间',
    refundedAt: '退款时间',
    reference: '订单号',
    kind: '类型',
    channel: '支付方式',
    refersTo: '对应收据',
    issuer: '开具方',
    billTo: '客户',
    taxId: '税号',
    contact: '联系方式',
    account: '账户',
    columns: ['项目', '数量', '单价', '金额'],
    total: '合计（美元）',
    credited: '退回钱包（美元）',
    yuan: '实付人民币',
    rate: '汇率',
    currency: '金额单位：美元（USD）。',
    timeZone: '时间按 {zone} 时区显示。',
    immutable: '本凭证开具后内容不再更改。',
    kinds: { topup: '账户充值', purchase: '购买', renewal: '续费', refund: '退款' },
    channels: { alipay: '支付宝', wxpay: '微信支付' },
  },
  'en-US': {
    receipt: 'Receipt',
    credit_note: 'Credit note',
    number: 'No.',
    issuedAt: 'Issued',
    paidAt: 'Paid',
    refundedAt: 'Refunded',
    reference: 'Order',
    kind: 'Type',
    channel: 'Paid with',
    refersTo: 'Refers to receipt',
    issuer: 'Issued by',
    billTo: 'Bill to',
    taxId: 'Tax ID',
    contact: 'Contact',
    account: 'Account',
    columns: ['Item', 'Qty', 'Unit price', 'Amount'],
    total: 'Total (USD)',
    credited: 'Credited to wallet (USD)',
    yuan: 'Charged in CNY',
    rate: 'Rate',
    currency: 'Amounts in US dollars (USD).',
    timeZone: 'Times are in the {zone} time zone.',
    immutable: 'This document does not change after it is issued.',
    kinds: { topup: 'Wallet top-up', purchase: 'Purchase', renewal: 'Renewal', refund: 'Refund' },
    channels: { alipay: 'Alipay', wxpay: 'WeChat Pay' },
  },
} as const

const lineRow = (line: DocumentLine, language: PrintLanguage): PrintedDocument['rows'][number] => [
  line.description[language],
  line.quantity === null ? '' : String(line.quantity),
  line.unitPrice === null ? '' : formatBalance(line.unitPrice),
  formatBalance(line.amount),
]

const nonEmpty = (lines: string[]) => lines.filter((line) => line.trim() !== '')

const kindLabel = (kind: PaymentKind, language: PrintLanguage) => LABELS[language].kinds[kind]

/** The document's parts in `language`. */
export function printedDocument(document: ReceiptDocument, language: PrintLanguage): PrintedDocument {
  const label = LABELS[language]
  const at = (iso: string) => formatInZone(iso, document.timeZone)
  const { payment, issuer, billTo } = document
  const isCredit = document.type === 'credit_note'
  const fields: PrintedField[] = [
    { label: label.issuedAt, value: at(document.issuedAt) },
    { label: isCredit ? label.refundedAt : label.paidAt, value: at(payment.paidAt) },
    { label: label.kind, value: kindLabel(payment.kind, language) },
    { label: label.reference, value: payment.reference },
  ]
  if (payment.channel) fields.push({ label: label.channel, value: label.channels[payment.channel] })
  if (document.refersTo) fields.push({ label: label.refersTo, value: document.refersTo.number })
  const totals: PrintedField[] = [
    { label: isCredit ? label.credited : label.total, value: formatBalance(document.total) },
  ]
  if (document.yuan)
    totals.push(
      { label: label.yuan, value: formatYuan(document.yuan.amount) },
      { label: label.rate, value: `1 USD = ${formatRate(document.yuan.rate)} CNY` },
    )
  return {
    title: label[document.type],
    number: { label: label.number, value: document.number },
    fields,
    issuer: {
      heading: label.issuer,
      lines: nonEmpty([
        issuer.name,
        ...issuer.address.split('\n'),
        issuer.taxId && `${label.taxId}: ${issuer.taxId}`,
        issuer.contact && `${label.contact}: ${issuer.contact}`,
      ]),
    },
    billTo: {
      heading: label.billTo,
      lines: nonEmpty([
        billTo.name,
        ...billTo.address.split('\n'),
        billTo.taxId && `${label.taxId}: ${billTo.taxId}`,
        `${label.account}: ${billTo.account}`,
      ]),
    },
    columns: [...label.columns],
    rows: document.lines.map((line) => lineRow(line, language)),
    totals,
    notes: [label.currency, label.timeZone.replace('{zone}', document.timeZone), label.immutable],
  }
}
