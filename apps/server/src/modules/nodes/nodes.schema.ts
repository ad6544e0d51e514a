// Proxy nodes with their latest health figures, the reports they push (idempotent per node and
// report id), and each customer's lifetime byte total.
import { MAX_WIRE_BYTES } from '@proxy/contract/bytes'
import type { PasswordGuessing } from '@proxy/contract/nodes/endpoints'
import { sql } from 'drizzle-orm'
import {
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

export const nodes = pgTable(
  'nodes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    host: text('host').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last heartbeat. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** The last traffic push the server acknowledged (push lag = now − this). */
    lastPushAt: timestamp('last_push_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    // As of the last heartbeat that carried them (null until one did).
    version: text('version'),
    uptimeSeconds: integer('uptime_seconds'),
    openTunnels: integer('open_tunnels'),
    bytesPerSecond: bigint('bytes_per_second', { mode: 'bigint' }),
    deadLetters: integer('dead_letters'),
    pendingBatches: integer('pending_batches'),
    /** Password guessing as the last heartbeat reported it: totals and the worst sources (issue 25). */
    passwordGuessing: jsonb('password_guessing').$type<PasswordGuessing>(),
  },
  (table) => [uniqueIndex('nodes_token_hash_key').on(table.tokenHash)],
)

export const nodeReports = pgTable(
  'node_reports',
  {
    nodeId: uuid('node_id')
      .notNull()
      .references(() => nodes.id),
    reportId: text('report_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.nodeId, table.reportId] })],
)

/** Bytes a customer's totals can reach and still be exact JSON numbers (2^53 − 1, about 9 PB). */
export const MAX_TOTAL_BYTES = MAX_WIRE_BYTES

/**
 * Every byte a customer has ever used, up and down, over all their proxies. Each usage figure the
 * API reports is a part of it, so bounding it here keeps every answer an exact JSON number.
 */
export const usageTotals = pgTable(
  'usage_totals',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    bytes: bigint('bytes', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (table) => [
    check(
      'usage_totals_bytes_exact',
      sql`${table.bytes} between 0 and ${sql.raw(MAX_TOTAL_BYTES.toString())}`,
    ),
  ],
)

/**
 * One row per change to something a node serves, written by triggers (migration 0012) on the
 * instances, traffic accounts and packages, whitelists and inventory, so no write path can forget
 * it. `txid` is the writing transaction: a node's cursor is the oldest transaction still running
 * when its list was read, so a change committed late is never skipped (at worst sent twice).
 */
export const credentialChanges = pgTable(
  'credential_changes',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    txid: bigint('txid', { mode: 'bigint' }).notNull().default(sql`(pg_current_xact_id()::text)::bigint`),
    kind: text('kind', {
      enum: ['instance', 'traffic-account', 'sub-user', 'whitelist', 'pool', 'policy', 'destinations'],
    }).notNull(),
    /**
     * The instance id; the customer id for traffic accounts and whitelists; the inventory id for the
     * pool; the destination_policy row for the policy; the customer for 'destinations' (stats_settings).
     */
    subjectId: uuid('subject_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('credential_changes_txid_idx').on(table.txid),
    index('credential_changes_created_idx').on(table.createdAt),
  ],
)

/**
 * The operator's destination deny list, one row (`singleton`), carried to every node by the pull: a
 * trigger (migration 0018) logs each change in credential_changes as kind 'policy'. No row yet is an
 * empty list. SMTP is refused by the nodes themselves and is not stored here.
 */
export const destinationPolicy = pgTable(
  'destination_policy',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    singleton: boolean('singleton').notNull().default(true),
    ports: integer('ports').array().notNull().default(sql`'{}'`),
    cidrs: text('cidrs').array().notNull().default(sql`'{}'`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('destination_policy_singleton_key').on(table.singleton),
    check('destination_policy_singleton', sql`${table.singleton}`),
  ],
)

/**
 * Destinations each node refused per credential, added up from its heartbeats (a heartbeat sent
 * again after a lost answer counts twice: these are for spotting abuse, not for billing).
 */
export const nodeRefusals = pgTable(
  'node_refusals',
  {
    nodeId: uuid('node_id')
      .notNull()
      .references(() => nodes.id),
    subjectKind: text('subject_kind', { enum: ['instance', 'traffic-account'] }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    refusals: bigint('refusals', { mode: 'number' }).notNull(),
    lastRefusedAt: timestamp('last_refused_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.nodeId, table.subjectKind, table.subjectId] }),
    index('node_refusals_node_count_idx').on(table.nodeId, table.refusals.desc()),
  ],
)
