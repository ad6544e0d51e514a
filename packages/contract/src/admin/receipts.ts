// The operator's side of receipts: the company details and time zone printed on them (a settings
// section of its own), and every issued receipt and credit note, searchable.
import { z } from 'zod'
import { defineEndpoint } from '../endpoint.ts'
import { text, timeZone } from '../input.ts'
import { PageQuery, pageOf } from '../pagination.ts'
import {
  CompanyDetails,
  DocumentIdParams,
  DocumentType,
  PaymentKind,
  PdfFile,
  ReceiptDocument,
  ReceiptPdfQuery,
  TAX_ID_MAX,
} from '../receipts/endpoints.ts'

export const COMPANY_NAME_MAX = 200
export const COMPANY_ADDRESS_MAX = 500
export const COMPANY_CONTACT_MAX = 200
/** The zone receipts take their year (and print their times) in until an operator picks another. */
export const DEFAULT_RECEIPT_TIME_ZONE = 'UTC'

export const CompanySettings = CompanyDetails.extend({
  /** The IANA zone whose calendar year numbers receipts and whose clock they print. */
  timeZone: z.string(),
  /** Receipts are issued only once a company name is set. */
  isConfigured: z.boolean(),
  updatedAt: z.iso.datetime().nullable(),
})
export type CompanySettings = z.infer<typeof CompanySettings>

export const UpdateCompanySettingsInput = z.strictObject({
  name: text().trim().min(1).max(COMPANY_NAME_MAX),
  address: text({ multiline: true }).trim().max(COMPANY_ADDRESS_MAX),
  taxId: text().trim().max(TAX_ID_MAX),
  contact: text().trim().max(COMPANY_CONTACT_MAX),
  timeZone: timeZone(),
})
export type UpdateCompanySettingsInput = z.infer<typeof UpdateCompanySettingsInput>

export const AdminReceipt = z.object({
  id: z.uuid(),
  number: z.string(),
  type: DocumentType,
  issuedAt: z.iso.datetime(),
  customerId: z.uuid(),
  customerEmail: z.string(),
  paymentKind: PaymentKind,
  /** The top-up or order number. */
  reference: z.string(),
  /** The billing name printed on it (may be empty). */
  billToName: z.string(),
  /** Dollars received (a receipt) or credited back (a credit note). */
  total: z.number(),
})
export type AdminReceipt = z.infer<typeof AdminReceipt>

export const AdminReceiptQuery = PageQuery.extend({
  /** A whole document number, a top-up or order number, or a customer's whole id or email (any case). */
  q: text().trim().min(1).max(254).optional(),
  type: DocumentType.optional(),
})
export type AdminReceiptQuery = z.infer<typeof AdminReceiptQuery>

const tags = ['admin'] as const

export const getCompanySettings = defineEndpoint({
  method: 'GET',
  path: '/admin/settings/company',
  summary: 'The company details and time zone printed on receipts',
  tags,
  auth: 'operator',
  permission: 'settings.manage',
  response: CompanySettings,
})

export const updateCompanySettings = defineEndpoint({
  method: 'PUT',
  path: '/admin/settings/company',
  summary: 'Set the company details and time zone for receipts issued from now on (issued ones never change)',
  tags,
  auth: 'operator',
  permission: 'settings.manage',
  body: UpdateCompanySettingsInput,
  response: CompanySettings,
})

export const listAdminReceipts = defineEndpoint({
  method: 'GET',
  path: '/admin/receipts',
  summary: 'Issued receipts and credit notes, newest first, by number, order, customer and type',
  tags,
  auth: 'operator',
  permission: 'receipts.read',
  query: AdminReceiptQuery,
  response: pageOf(AdminReceipt),
})

export const getAdminReceipt = defineEndpoint({
  method: 'GET',
  path: '/admin/receipts/:id',
  summary: 'One receipt or credit note, with everything it prints',
  tags,
  auth: 'operator',
  permission: 'receipts.read',
  params: DocumentIdParams,
  response: ReceiptDocument,
})

export const downloadAdminReceiptPdf = defineEndpoint({
  method: 'GET',
  path: '/admin/receipts/:id/pdf',
  summary:
    'One receipt or credit note as a PDF file (Chinese or English; the customer’s language by default)',
  tags,
  auth: 'operator',
  permission: 'receipts.read',
  params: DocumentIdParams,
  query: ReceiptPdfQuery,
  response: PdfFile,
})
