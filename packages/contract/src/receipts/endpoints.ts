// Receipts for paid top-ups and orders, credit notes for refunds, and the customer's billing details
// printed on them. A document is immutable once issued: it carries a snapshot of everything it prints.
import { z } from 'zod'
import { defineEndpoint } from '../endpoint.ts'
import { text } from '../input.ts'
import { PageQuery, pageOf } from '../pagination.ts'
import { UserLanguage } from '../user/endpoints.ts'
import { EntryAbout } from '../wallet/descriptions.ts'
import { TopUpChannel } from '../wallet/topups.ts'

export const DOCUMENT_TYPES = ['receipt', 'credit_note'] as const
export const DocumentType = z.enum(DOCUMENT_TYPES)
export type DocumentType = z.infer<typeof DocumentType>

/** What a document is for: a paid top-up, purchase or renewal (a receipt), or a refund (a credit note). */
export const PaymentKind = z.enum(['topup', 'purchase', 'renewal', 'refund'])
export type PaymentKind = z.infer<typeof PaymentKind>

/** `R-2026-000001` (receipts) and `C-2026-000001` (credit notes): a series per year, without gaps. */
export const DOCUMENT_NUMBER = /^[RC]-\d{4}-\d{6,}$/
export const DOCUMENT_PREFIX: Record<DocumentType, 'R' | 'C'> = { receipt: 'R', credit_note: 'C' }

export const BILLING_NAME_MAX = 120
export const BILLING_ADDRESS_MAX = 500
export const TAX_ID_MAX = 64

/** The issuer: the operator's company, as set in the operator console. */
export const CompanyDetails = z.object({
  name: z.string(),
  address: z.string(),
  taxId: z.string(),
  contact: z.string(),
})
export type CompanyDetails = z.infer<typeof CompanyDetails>

/** Whom a receipt is made out to: the customer's billing details (empty strings when not given). */
export const BillingDetails = z.object({ name: z.string(), address: z.string(), taxId: z.string() })
export type BillingDetails = z.infer<typeof BillingDetails>

export const UpdateBillingDetailsInput = z.strictObject({
  name: text().trim().max(BILLING_NAME_MAX),
  address: text({ multiline: true }).trim().max(BILLING_ADDRESS_MAX),
  taxId: text().trim().max(TAX_ID_MAX),
})
export type UpdateBillingDetailsInput = z.infer<typeof UpdateBillingDetailsInput>

/** A text in both console languages: a document prints in its reader's. */
export const Bilingual = z.object({ 'zh-CN': z.string(), 'en-US': z.string() })
export type Bilingual = z.infer<typeof Bilingual>

export const DocumentLine = z.object({
  description: Bilingual,
  quantity: z.number().int().nullable(),
  /** Dollars per unit, any term discount included; null where it does not apply (a top-up, a refund). */
  unitPrice: z.number().nullable(),
  /** Dollars. */
  amount: z.number(),
})
export type DocumentLine = z.infer<typeof DocumentLine>

/** Everything a document prints, as it was when issued. */
export const DocumentSnapshot = z.object({
  issuer: CompanyDetails,
  /** The billing details, and the account they belong to (its email, masked). */
  billTo: BillingDetails.extend({ account: z.string() }),
  payment: z.object({
    kind: PaymentKind,
    /** The top-up or order number. */
    reference: z.string(),
    paidAt: z.iso.datetime(),
    channel: TopUpChannel.nullable(),
  }),
  lines: z.array(DocumentLine),
  currency: z.literal('USD'),
  /** Dollars received (a receipt) or given back to the wallet (a credit note). */
  total: z.number(),
  /** For a top-up: the yuan the gateway charged, at the rate fixed on the order. */
  yuan: z.object({ amount: z.number(), rate: z.number() }).nullable(),
  /** For a credit note: the receipt of the order it refunds. */
  refersTo: z.object({ id: z.uuid(), number: z.string() }).nullable(),
  /** The operator's time zone when it was issued: its dates print in it. */
  timeZone: z.string(),
})
export type DocumentSnapshot = z.infer<typeof DocumentSnapshot>

export const ReceiptDocument = DocumentSnapshot.extend({
  id: z.uuid(),
  number: z.string(),
  type: DocumentType,
  issuedAt: z.iso.datetime(),
})
export type ReceiptDocument = z.infer<typeof ReceiptDocument>

export const IssuedDocument = z.object({
  id: z.uuid(),
  number: z.string(),
  type: DocumentType,
  issuedAt: z.iso.datetime(),
})

export const ReceiptListItem = z.object({
  /** The wallet transaction the document is for. */
  transactionId: z.uuid(),
  kind: PaymentKind,
  /** The top-up or order number (a refund's `refund:…` reference). */
  reference: z.string().nullable(),
  about: EntryAbout.nullable(),
  /** The stored (Chinese) text, for entries from before keys. */
  description: z.string(),
  /** Dollars received (positive) or refunded. */
  amount: z.number(),
  paidAt: z.iso.datetime(),
  /** Null only while receipts cannot be issued (the operator has not set the company details). */
  document: IssuedDocument.nullable(),
})
export type ReceiptListItem = z.infer<typeof ReceiptListItem>

export const ReceiptList = pageOf(ReceiptListItem).extend({
  /** False until the operator has set the company details: nothing is issued before that. */
  isIssuing: z.boolean(),
})
export type ReceiptList = z.infer<typeof ReceiptList>

export const ReceiptListQuery = PageQuery
export type ReceiptListQuery = z.infer<typeof ReceiptListQuery>

export const DocumentIdParams = z.strictObject({ id: z.uuid() })

/** Without `lang`, the PDF is in the account's language (zh-CN when it has none). */
export const ReceiptPdfQuery = z.strictObject({ lang: UserLanguage.optional() })
export type ReceiptPdfQuery = z.infer<typeof ReceiptPdfQuery>

/** Not an envelope: the PDF endpoints answer an application/pdf attachment. */
export const PdfFile = z.string()

const tags = ['receipts'] as const

export const listReceipts = defineEndpoint({
  method: 'GET',
  path: '/user/receipts',
  summary:
    'Paid top-ups, orders and refunds, newest first, each with its receipt or credit note (issued on first listing)',
  tags,
  scope: 'read',
  query: ReceiptListQuery,
  response: ReceiptList,
})

export const getReceipt = defineEndpoint({
  method: 'GET',
  path: '/user/receipts/:id',
  summary: 'One receipt or credit note, with everything it prints',
  tags,
  scope: 'read',
  params: DocumentIdParams,
  response: ReceiptDocument,
})

export const downloadReceiptPdf = defineEndpoint({
  method: 'GET',
  path: '/user/receipts/:id/pdf',
  summary: 'One receipt or credit note as a PDF file (Chinese or English)',
  tags,
  scope: 'read',
  params: DocumentIdParams,
  query: ReceiptPdfQuery,
  response: PdfFile,
})

export const getBillingDetails = defineEndpoint({
  method: 'GET',
  path: '/user/billing-details',
  summary: 'The name, address and tax id printed on new receipts',
  tags,
  scope: 'read',
  response: BillingDetails,
})

export const updateBillingDetails = defineEndpoint({
  method: 'PUT',
  path: '/user/billing-details',
  summary: 'Set the name, address and tax id printed on receipts issued from now on',
  tags,
  scope: 'manage',
  body: UpdateBillingDetailsInput,
  response: BillingDetails,
})
