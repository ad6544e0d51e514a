// Double-entry ledger (DESIGN §4). Entries are immutable: a trigger in the migrations refuses
// UPDATE and DELETE on ledger_transactions and ledger_entries.
import { sql } from 'drizzle-orm'
import { bigint, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.schema.ts'

export const ACCOUNT_KINDS = ['wallet', 'gateway_clearing', 'sales_revenue', 'adjustments'] as const
export type AccountKind = (typeof ACCOUNT_KINDS)[number]
export type SystemAccountKind = Exclude<AccountKind, 'wallet'>

export const TRANSACTION_KINDS = ['topup', 'purchase', 'renewal', 'refund', 'adjustment'] as const
export type TransactionKind = (typeof TRANSACTION_KINDS)[number]

const cents = (name: string) => bigint(name, { mode: 'number' })

export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ACCOUNT_KINDS }).notNull(),
    userId: uuid('user_id').references(() => users.id),
    currency: text('currency').notNull().default('USD'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('accounts_user_kind_key').on(table.userId, table.kind),
    uniqueIndex('accounts_system_kind_key').on(table.kind).where(sql`user_id is null`),
    check('accounts_owner_check', sql`(kind = 'wallet') = (user_id is not null)`),
  ],
)

/** The running balance of each customer wallet account; changed only by conditional updates. */
export const wallets = pgTable(
  'wallets',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    balance: cents('balance').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('wallets_user_id_key').on(table.userId),
    check('wallets_balance_non_negative', sql`${table.balance} >= 0`),
  ],
)

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: TRANSACTION_KINDS }).notNull(),
    /** The Chinese text written at the time; kept for entries made before description keys existed. */
    description: text('description').notNull(),
    /** What the entry is, for rendering in the reader's language (e.g. 'topup', 'purchase-static-ip'). */
    descriptionKey: text('description_key'),
    /** The values the key's text needs (channel, plan, quantity, region, order number…). */
    descriptionParams: jsonb('description_params').$type<Record<string, string | number>>(),
    /** The business document this pays for, e.g. an order number. */
    reference: text('reference'),
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ledger_transactions_reference_idx').on(table.reference)],
)

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    amount: cents('amount').notNull(),
    /** Wallet balance right after this entry; null on system accounts, which keep no running balance. */
    balanceAfter: cents('balance_after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ledger_entries_account_created_idx').on(table.accountId, table.createdAt),
    index('ledger_entries_transaction_idx').on(table.transactionId),
    check('ledger_entries_amount_non_zero', sql`${table.amount} <> 0`),
  ],
)

/** One row per wallet movement: who, what, how much, the balance before and after, and why. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    amount: cents('amount').notNull(),
    balanceBefore: cents('balance_before'),
    balanceAfter: cents('balance_after'),
    reference: text('reference'),
    transactionId: uuid('transaction_id').references(() => ledgerTransactions.id),
    requestId: text('request_id'),
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audit_log_user_created_idx').on(table.userId, table.createdAt)],
)

export const REFUND_ITEM_KINDS = ['ip', 'traffic'] as const
export type RefundItemKind = (typeof REFUND_ITEM_KINDS)[number]

/**
 * The item each refund transaction gave money back for, by typed columns: one row per refund
 * transaction, and at most one refund of an item per order it was paid with (migration 0022).
 */
export const refunds = pgTable(
  'refunds',
  {
    transactionId: uuid('transaction_id')
      .primaryKey()
      .references(() => ledgerTransactions.id),
    orderNo: text('order_no').notNull(),
    itemKind: text('item_kind', { enum: REFUND_ITEM_KINDS }).notNull(),
    itemId: uuid('item_id').notNull(),
  },
  (table) => [
    uniqueIndex('refunds_item_order_key').on(table.itemKind, table.itemId, table.orderNo),
    index('refunds_order_idx').on(table.orderNo),
    check('refunds_item_kind_check', sql`${table.itemKind} in ('ip', 'traffic')`),
  ],
)
