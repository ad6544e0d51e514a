// What a receipt or credit note will print, gathered before the issuing transaction from the modules
// that own each part: the payment (ledger), the top-up (wallet), the order (orders), the customer's
// account (auth) and billing details, the company details. Read outside the lock, so issuing is short.
import type { CompanySettings } from '@proxy/contract/admin/receipts'
import { centsToAmount } from '@proxy/contract/money'
import type {
  Bilingual,
  DocumentLine,
  DocumentSnapshot,
  DocumentType,
} from '@proxy/contract/receipts/endpoints'
import { describeEntry } from '@proxy/contract/wallet/descriptions'
import type { Db } from '../../platform/db/client.ts'
import { maskEmail } from '../../platform/log-redaction.ts'
import { customerEmails } from '../auth/index.ts'
import type { PaymentRecord } from '../ledger/index.ts'
import { paidOrder } from '../orders/index.ts'
import { findTopUps } from '../wallet/index.ts'
import { billingDetailsOf } from './settings.service.ts'

/** A document ready to be numbered: its credit note's receipt is found (or issued) in the transaction. */
export type Draft = {
  type: DocumentType
  record: PaymentRecord
  /** The top-up or order number it is for. */
  reference: string
  totalCents: number
  snapshot: Omit<DocumentSnapshot, 'refersTo'>
}

const KIND_TEXT = {
  topup: { 'zh-CN': '账户充值', 'en-US': 'Wallet top-up' },
  purchase: { 'zh-CN': '购买', 'en-US': 'Purchase' },
  renewal: { 'zh-CN': '续费', 'en-US': 'Renewal' },
  refund: { 'zh-CN': '退款', 'en-US': 'Refund' },
} as const

/** The record's text in both languages; an entry from before keys has only its Chinese text. */
function describe(record: PaymentRecord): Bilingual {
  if (record.about)
    return { 'zh-CN': describeEntry(record.about, 'zh-CN'), 'en-US': describeEntry(record.about, 'en-US') }
  const fallback = KIND_TEXT[record.kind]
  return { 'zh-CN': record.description || fallback['zh-CN'], 'en-US': fallback['en-US'] }
}

type Part = Pick<Draft, 'reference' | 'totalCents'> &
  Pick<DocumentSnapshot, 'lines' | 'yuan'> & { channel: DocumentSnapshot['payment']['channel'] }

/** The paid top-up, order or refund behind a record, as lines; null when it is not one (nothing to print). */
async function partOf(db: Db, userId: string, record: PaymentRecord): Promise<Part | null> {
  const cents = Math.abs(record.cents)
  const line = (extra: Partial<DocumentLine> = {}): DocumentLine => ({
    description: describe(record),
    quantity: null,
    unitPrice: null,
    amount: centsToAmount(cents),
    ...extra,
  })
  if (record.kind === 'refund') {
    if (!record.refundedOrderNo) return null
    return {
      reference: record.refundedOrderNo,
      totalCents: cents,
      lines: [line()],
      yuan: null,
      channel: null,
    }
  }
  if (!record.reference) return null
  if (record.kind === 'topup') {
    const { rows } = await findTopUps(db, {
      userId,
      orderNo: record.reference,
      status: 'paid',
      page: 1,
      pageSize: 1,
    })
    const topUp = rows[0]
    if (!topUp) return null
    return {
      reference: topUp.orderNo,
      totalCents: cents,
      lines: [line({ quantity: 1 })],
      yuan: { amount: centsToAmount(topUp.cnyAmount), rate: Number(topUp.usdCnyRate) },
      channel: topUp.channel,
    }
  }
  const order = await paidOrder(db, record.reference)
  if (!order || order.userId !== userId) return null
  return {
    reference: order.orderNo,
    totalCents: cents,
    lines: [line({ quantity: order.quantity, unitPrice: centsToAmount(order.unitPrice) })],
    yuan: null,
    channel: null,
  }
}

/** Drafts for these records of one customer, under the company details of the moment. */
export async function draftsFor(
  db: Db,
  userId: string,
  records: PaymentRecord[],
  company: CompanySettings,
): Promise<Draft[]> {
  const [billing, emails] = await Promise.all([billingDetailsOf(db, userId), customerEmails(db, [userId])])
  const email = emails.get(userId)
  const billTo = { ...billing, account: email ? maskEmail(email) : '' }
  const issuer = {
    name: company.name,
    address: company.address,
    taxId: company.taxId,
    contact: company.contact,
  }
  const drafts: Draft[] = []
  for (const record of records) {
    const part = await partOf(db, userId, record)
    if (!part) continue
    drafts.push({
      type: record.kind === 'refund' ? 'credit_note' : 'receipt',
      record,
      reference: part.reference,
      totalCents: part.totalCents,
      snapshot: {
        issuer,
        billTo,
        payment: {
          kind: record.kind,
          reference: part.reference,
          paidAt: record.at.toISOString(),
          channel: part.channel,
        },
        lines: part.lines,
        currency: 'USD',
        total: centsToAmount(part.totalCents),
        yuan: part.yuan,
        timeZone: company.timeZone,
      },
    })
  }
  return drafts
}
