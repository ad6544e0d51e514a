// Sub-users of a customer's traffic account (pool logins of their own, paid from the account's
// packages), their hourly usage, and the auto-stop of the account's own login. Day and month
// counters run in the customer's time zone; they restart when a push arrives on a new local day.
import { sql } from 'drizzle-orm'
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.schema.ts'

const bytes = (name: string) => bigint(name, { mode: 'bigint' })
/** A local calendar day (YYYY-MM-DD) in the customer's time zone. */
const localDay = (name: string) => date(name, { mode: 'string' })

export const subUsers = pgTable(
  'sub_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    username: text('username').notNull(),
    /** As the traffic account's: the nodes must be able to check it. Shown to the customer only once. */
    password: text('password').notNull(),
    note: text('note').notNull().default(''),
    limitBytes: bytes('limit_bytes'),
    limitPeriod: text('limit_period', { enum: ['total', 'day', 'month'] }),
    maxTunnels: integer('max_tunnels'),
    /** Auto-stop: the daily cap that pauses it until the next local day. */
    autoStopBytes: bytes('auto_stop_bytes'),
    /** The local day on which the customer lifted the pause (the cap holds again the day after). */
    liftedOn: localDay('lifted_on'),
    usedBytes: bytes('used_bytes').notNull().default(sql`0`),
    day: localDay('day'),
    dayBytes: bytes('day_bytes').notNull().default(sql`0`),
    /** The first day of the local month `monthBytes` counts. */
    month: localDay('month'),
    monthBytes: bytes('month_bytes').notNull().default(sql`0`),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** Deleted: refused by every node, kept for the usage history. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A username is taken while its sub-user exists; a deleted one frees it.
    uniqueIndex('sub_users_username_key').on(table.username).where(sql`${table.deletedAt} is null`),
    index('sub_users_user_created_idx').on(table.userId, table.createdAt),
  ],
)

export const subUserUsageHourly = pgTable(
  'sub_user_usage_hourly',
  {
    subUserId: uuid('sub_user_id')
      .notNull()
      .references(() => subUsers.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    upBytes: bytes('up_bytes').notNull().default(sql`0`),
    downBytes: bytes('down_bytes').notNull().default(sql`0`),
  },
  (table) => [primaryKey({ columns: [table.subUserId, table.hour] })],
)

/** The daily cap of a customer's own traffic login, and what it used on its last local day. */
export const loginAutoStops = pgTable('login_auto_stops', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  dailyBytes: bytes('daily_bytes'),
  day: localDay('day'),
  dayBytes: bytes('day_bytes').notNull().default(sql`0`),
  liftedOn: localDay('lifted_on'),
})
