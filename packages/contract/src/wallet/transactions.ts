// Billing records: the entries on the customer's wallet account.
import { z } from 'zod'
import { defineEndpoint } from '../endpoint.ts'
import { instant } from '../input.ts'
import { PageQuery, pageOf } from '../pagination.ts'
import { EntryAbout } from './descriptions.ts'

export const TransactionType = z.enum(['topup', 'purchase', 'renewal', 'refund', 'adjustment'])
export type TransactionType = z.infer<typeof TransactionType>

export const WalletTransaction = z.object({
  id: z.string(),
  type: TransactionType,
  /** Positive for money in, negative for money out. */
  amount: z.number(),
  balanceAfter: z.number(),
  /** The text written with the entry (Chinese). */
  description: z.string(),
  /** What the entry is, for rendering in the reader's language; null on entries from before keys. */
  about: EntryAbout.nullable(),
  orderNo: z.string().nullable(),
  createdAt: z.iso.datetime(),
})
export type WalletTransaction = z.infer<typeof WalletTransaction>

const TransactionFilter = z.strictObject({
  type: TransactionType.optional(),
  from: instant().optional(),
  to: instant().optional(),
})

export const TransactionListQuery = PageQuery.extend(TransactionFilter.shape)
export type TransactionListQuery = z.infer<typeof TransactionListQuery>
export const CsvLanguage = z.enum(['zh-CN', 'en-US'])
export type CsvLanguage = z.infer<typeof CsvLanguage>
/** Without `lang`, the CSV is in the account's language (zh-CN when it has none). */
export const TransactionExportQuery = TransactionFilter.extend({ lang: CsvLanguage.optional() })
export type TransactionExportQuery = z.infer<typeof TransactionExportQuery>

export const listTransactions = defineEndpoint({
  method: 'GET',
  path: '/user/wallet/transactions',
  summary: 'Wallet entries, newest first, filtered by type and time range',
  tags: ['wallet'],
  scope: 'read',
  query: TransactionListQuery,
  response: pageOf(WalletTransaction),
})

/** Not an envelope: answers a text/csv attachment (UTF-8 with BOM for Excel). */
export const exportTransactionsPath = '/user/wallet/transactions/export'
