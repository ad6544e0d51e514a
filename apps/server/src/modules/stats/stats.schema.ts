// Tunnel statistics per credential (pushed by the nodes with their traffic), the destinations of
// customers who keep them, and that preference. Hourly rows are kept 90 days, host names 7 days.
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { foreignColumn } from '../../platform/db/foreign-key.ts'
import { users } from '../auth/auth.schema.ts'

// nodes calls this module in its push: named by table, so the two modules do not depend on each other.
const nodeId = foreignColumn('nodes', 'id', 'uuid')

const count = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0)

/**
 * One row per node, credential and UTC hour. `subject_kind` 'node' (subject_id the node, no customer)
 * holds the logins that named no credential. Counts are added push by push; `peak_open` keeps the
 * largest the node reported for the hour.
 */
export const tunnelStatsHourly = pgTable(
  'tunnel_stats_hourly',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    nodeId: uuid('node_id').notNull().references(nodeId),
    subjectKind: text('subject_kind').notNull(),
    subjectId: uuid('subject_id').notNull(),
    customerId: uuid('customer_id').references(() => users.id),
    succeeded: count('succeeded'),
    failAuthentication: count('fail_authentication'),
    failPolicy: count('fail_policy'),
    failDns: count('fail_dns'),
    failTimeout: count('fail_timeout'),
    failTargetRefused: count('fail_target_refused'),
    failOverCap: count('fail_over_cap'),
    failQuota: count('fail_quota'),
    failOther: count('fail_other'),
    peakOpen: integer('peak_open').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.hour, table.nodeId, table.subjectKind, table.subjectId] }),
    index('tunnel_stats_hourly_customer_hour_idx').on(table.customerId, table.hour),
  ],
)

/** Tunnels per destination host name and UTC day, only for customers who keep them. */
export const tunnelDestinationsDaily = pgTable(
  'tunnel_destinations_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id),
    subjectKind: text('subject_kind').notNull(),
    subjectId: uuid('subject_id').notNull(),
    host: text('host').notNull(),
    tunnels: count('tunnels'),
    failed: count('failed'),
  },
  (table) => [
    primaryKey({ columns: [table.customerId, table.day, table.subjectKind, table.subjectId, table.host] }),
    index('tunnel_destinations_daily_day_idx').on(table.day),
  ],
)

/**
 * A customer's statistics preference (no row: the defaults). A trigger (migration 0025) logs each
 * change in credential_changes as kind 'destinations', so the nodes' next pull carries it.
 */
export const statsSettings = pgTable('stats_settings', {
  customerId: uuid('customer_id')
    .primaryKey()
    .references(() => users.id),
  keepDestinations: boolean('keep_destinations').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
})
