import { API_SCOPES, type ApiScope } from '@proxy/contract/api-scopes'
import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
    /** Set when the customer opened the verification link; reminders and receipts go only to verified addresses. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** The console language, restored after every sign-in (null: not chosen yet). */
    language: text('language', { enum: ['zh-CN', 'en-US'] }),
    /** The IANA zone the browser reported, for CSV files and mails. */
    timeZone: text('time_zone'),
    /** When the first-visit tour was finished or skipped: it is not shown again on any browser. */
    tourSeenAt: timestamp('tour_seen_at', { withTimezone: true }),
    /** The TOTP secret, encrypted with the server's key (AES-256-GCM); null when two-factor sign-in is off. */
    totpSecret: text('totp_secret'),
    /** Set once the customer confirmed a code from the authenticator: from then on sign-in asks for one. */
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** Set by an operator: sign-in is refused and the node pull leaves the customer's proxies out. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendReason: text('suspend_reason'),
  },
  (table) => [uniqueIndex('users_email_key').on(table.email)],
)

/**
 * Sign-in attempts per key (an account, or an account from one address) in a fixed window.
 * Counted with one upsert before the password is judged, so concurrent guesses cannot overrun it.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    key: text('key').primaryKey(),
    attempts: integer('attempts').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('login_attempts_window_idx').on(table.windowStartedAt)],
)

/** Browser sessions: only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Where and with what the session signed in, for the customer's list of active sessions. */
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_key').on(table.tokenHash),
    index('sessions_user_id_idx').on(table.userId).where(sql`revoked_at is null`),
  ],
)

/** Long-lived tokens customers create for scripts. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** The client address of the last use (as TRUST_PROXY reads it), shown beside the time. */
    lastUsedIp: text('last_used_ip'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * What the token may do (contract/api-scopes.ts). Tokens made before scopes, and rows an older
     * release inserts, get every scope: they keep the full access they had.
     */
    scopes: text('scopes')
      .array()
      .$type<ApiScope[]>()
      .notNull()
      .default(sql.raw(`'{${API_SCOPES.join(',')}}'::text[]`)),
  },
  (table) => [
    uniqueIndex('api_tokens_token_hash_key').on(table.tokenHash),
    index('api_tokens_user_id_idx').on(table.userId),
    // At least one scope, each a known one: a typo in a write must not make a token nobody can read.
    check(
      'api_tokens_scopes_known',
      sql`cardinality(${table.scopes}) > 0 and ${table.scopes} <@ ${sql.raw(`'{${API_SCOPES.join(',')}}'::text[]`)}`,
    ),
  ],
)

export const ACCOUNT_TOKEN_PURPOSES = ['reset-password', 'verify-email'] as const

/**
 * Single-use links mailed to a customer: password reset and e-mail verification. Only the SHA-256 of
 * the token is stored; the link itself exists only in the mail.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The address the link was sent to: verifying it proves only that address. */
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('account_tokens_token_hash_key').on(table.tokenHash),
    index('account_tokens_user_purpose_idx').on(table.userId, table.purpose),
  ],
)

/** One-time recovery codes for two-factor sign-in; only their SHA-256 is stored. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('recovery_codes_user_hash_key').on(table.userId, table.codeHash)],
)

export const SIGN_IN_OUTCOMES = ['success', 'bad-password', 'bad-code', 'locked'] as const

/** The customer's sign-in history: every attempt on their account, with address and browser. */
export const signInEvents = pgTable(
  'sign_in_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    outcome: text('outcome', { enum: SIGN_IN_OUTCOMES }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (table) => [index('sign_in_events_user_created_idx').on(table.userId, table.createdAt)],
)
