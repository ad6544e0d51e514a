// Traffic plans, the packages customers buy, and the one traffic account each customer uses.
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.schema.ts'

// Byte counts are bigint inside the server (exact past 2^53); the API converts them at the boundary.
const bytes = (name: string) => bigint(name, { mode: 'bigint' })

export const trafficPlans = pgTable('traffic_plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull(),
  sizeBytes: bytes('size_bytes').notNull(),
  validityDays: integer('validity_days').notNull(),
  price: bigint('price', { mode: 'number' }).notNull(),
  isActive: boolean('is_active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
})

export const trafficPackages = pgTable(
  'traffic_packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    planId: text('plan_id')
      .notNull()
      .references(() => trafficPlans.id),
    planName: text('plan_name').notNull(),
    orderNo: text('order_no').notNull(),
    totalBytes: bytes('total_bytes').notNull(),
    usedBytes: bytes('used_bytes').notNull().default(sql`0`),
    status: text('status', { enum: ['active', 'exhausted', 'expired'] })
      .notNull()
      .default('active'),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set once when the 80 % reminder goes out. */
    reminded80At: timestamp('reminded_80_at', { withTimezone: true }),
  },
  (table) => [
    index('traffic_packages_user_expiry_idx').on(table.userId, table.expiresAt),
    check(
      'traffic_packages_used_within_total',
      sql`${table.usedBytes} >= 0 and ${table.usedBytes} <= ${table.totalBytes}`,
    ),
  ],
)

export const trafficAccounts = pgTable(
  'traffic_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    username: text('username').notNull(),
    password: text('password').notNull(),
    /** Usage beyond the last package, recorded rather than lost; the account is disabled meanwhile. */
    overageBytes: bytes('overage_bytes').notNull().default(sql`0`),
    /** The last time the account ran out (its last bytes used, or its last package expired). */
    exhaustedAt: timestamp('exhausted_at', { withTimezone: true }),
    /** The reminder for the latest exhaustion has gone out when this is at or after exhaustedAt. */
    exhaustedRemindedAt: timestamp('exhausted_reminded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('traffic_accounts_username_key').on(table.username)],
)
