// Operators (the people who run the service), their sessions and recovery codes, and the
// append-only log of everything they did. Operators are not customers: nothing here points at users.
import { OPERATOR_ROLES } from '@proxy/contract/admin/permissions'
import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

export const operators = pgTable(
  'operators',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /** scrypt, as customers' passwords (modules/auth). */
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: OPERATOR_ROLES }).notNull(),
    /** The TOTP secret, sealed with the server's key; every operator has one. */
    totpSecret: text('totp_secret').notNull(),
    /** The time step of the last accepted code: a code of that step or an older one is refused. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Set by the CLI: every call but me, password and logout is refused until the password changes. */
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** Set by an owner: the operator cannot sign in and their sessions end. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('operators_email_key').on(table.email)],
)

/**
 * An owner's invitation: a one-time link (only its SHA-256 is stored) that lets the invitee choose a
 * password and enrol TOTP. The secret is made, sealed, when the invitee first opens the link.
 */
export const operatorInvitations = pgTable(
  'operator_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    role: text('role', { enum: OPERATOR_ROLES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by')
      .notNull()
      .references(() => operators.id),
    totpSecret: text('totp_secret'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('operator_invitations_token_hash_key').on(table.tokenHash),
    index('operator_invitations_email_idx').on(table.email),
  ],
)

/** Console sessions: only the SHA-256 of the token is stored. */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (table) => [
    uniqueIndex('operator_sessions_token_hash_key').on(table.tokenHash),
    index('operator_sessions_operator_idx').on(table.operatorId),
  ],
)

/** Single-use recovery codes; only their SHA-256 is stored. */
export const operatorRecoveryCodes = pgTable(
  'operator_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('operator_recovery_codes_key').on(table.operatorId, table.codeHash)],
)

/**
 * Every operator write and sign-in: who, as what, did what to what, the fields before and after.
 * Append-only: a trigger refuses UPDATE and DELETE (migration 0015). (The ledger's `audit_log`
 * is the wallet movements' own log.)
 */
export const operatorAuditLog = pgTable(
  'operator_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    operatorId: uuid('operator_id').references(() => operators.id),
    operatorEmail: text('operator_email'),
    role: text('role', { enum: OPERATOR_ROLES }),
    action: text('action').notNull(),
    target: text('target'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    reason: text('reason'),
    ip: text('ip'),
  },
  (table) => [
    index('operator_audit_log_at_idx').on(table.at),
    index('operator_audit_log_operator_at_idx').on(table.operatorId, table.at),
    index('operator_audit_log_action_at_idx').on(table.action, table.at),
    index('operator_audit_log_target_at_idx').on(table.target, table.at),
  ],
)
