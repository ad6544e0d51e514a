// Receipts and credit notes (immutable: a trigger in migration 0023 refuses UPDATE, DELETE and
// TRUNCATE), the counter that numbers each series per year, the operator's company details, and the
// customers' billing details.
import type { DocumentSnapshot } from '@proxy/contract/receipts/endpoints'
import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.schema.ts'
import { ledgerTransactions } from '../ledger/ledger.schema.ts'

const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

/** The issuer printed on receipts, and the zone whose year numbers them. One row at most. */
export const receiptSettings = pgTable(
  'receipt_settings',
  {
    singleton: boolean('singleton').primaryKey().default(true),
    companyName: text('company_name').notNull(),
    companyAddress: text('company_address').notNull().default(''),
    taxId: text('tax_id').notNull().default(''),
    contact: text('contact').notNull().default(''),
    timeZone: text('time_zone').notNull().default('UTC'),
    updatedAt: updatedAt(),
  },
  (table) => [check('receipt_settings_singleton', sql`${table.singleton}`)],
)

/** What a customer wants printed on their receipts (missing row: nothing but the account). */
export const billingDetails = pgTable('billing_details', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  name: text('name').notNull().default(''),
  address: text('address').notNull().default(''),
  taxId: text('tax_id').notNull().default(''),
  updatedAt: updatedAt(),
})

/**
 * The last number issued in each series (R receipts, C credit notes) and year. Its row is locked
 * (select … for update) by the transaction that issues, so numbers follow without gaps.
 */
export const receiptCounters = pgTable(
  'receipt_counters',
  {
    series: text('series', { enum: ['R', 'C'] }).notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.series, table.year] })],
)

export const receiptDocuments = pgTable(
  'receipt_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: ['receipt', 'credit_note'] }).notNull(),
    series: text('series', { enum: ['R', 'C'] }).notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    /** `R-2026-000001`. */
    number: text('number').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The wallet transaction it is for: one document per payment or refund. */
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    /** The top-up or order number, for searching. */
    reference: text('reference').notNull(),
    /** Dollars in cents, as printed. */
    total: bigint('total', { mode: 'number' }).notNull(),
    /** For a credit note: the receipt of the order it refunds. */
    refersTo: uuid('refers_to').references((): AnyPgColumn => receiptDocuments.id),
    /** Everything it prints, as it was when issued. */
    snapshot: jsonb('snapshot').$type<DocumentSnapshot>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('receipt_documents_number_key').on(table.number),
    uniqueIndex('receipt_documents_series_key').on(table.series, table.year, table.sequence),
    uniqueIndex('receipt_documents_transaction_key').on(table.transactionId),
    index('receipt_documents_user_issued_idx').on(table.userId, table.issuedAt),
    index('receipt_documents_reference_idx').on(table.reference),
    index('receipt_documents_issued_idx').on(table.issuedAt),
    check('receipt_documents_series_check', sql`(${table.type} = 'receipt') = (${table.series} = 'R')`),
  ],
)
