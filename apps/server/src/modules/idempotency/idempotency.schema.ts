import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/** Whose keys: a customer's, or an operator's (their keys never meet). */
export const IDEMPOTENCY_SCOPES = ['customer', 'operator'] as const
export type IdempotencyScope = (typeof IDEMPOTENCY_SCOPES)[number]

/** First answers to money-moving POSTs, per customer (or operator) and Idempotency-Key, kept at least 24 h. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope', { enum: IDEMPOTENCY_SCOPES }).notNull().default('customer'),
    /** The customer's id, or the operator's in the operator scope. */
    userId: uuid('user_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: text('status', { enum: ['running', 'done'] }).notNull(),
    /** Which request holds a running claim: only it may record the answer. */
    claimId: uuid('claim_id'),
    /** A running claim older than this was lost in a crash: a retry may take it over. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.scope, table.userId, table.key] }),
    index('idempotency_keys_created_idx').on(table.createdAt),
  ],
)
