// Hourly usage per subject (a static IP instance or a traffic account): what the console's usage
// charts read. The node push adds to it through recordHourlyUsage (usage.repo.ts).
import { sql } from 'drizzle-orm'
import { bigint, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.schema.ts'

/** Stored with fillfactor 50 (migration 0017): a push's additions to a bucket are HOT updates. */
export const usageHourly = pgTable(
  'usage_hourly',
  {
    subjectKind: text('subject_kind', { enum: ['instance', 'traffic-account'] }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    upBytes: bigint('up_bytes', { mode: 'bigint' }).notNull().default(sql`0`),
    downBytes: bigint('down_bytes', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (table) => [
    primaryKey({ columns: [table.subjectKind, table.subjectId, table.hour] }),
    index('usage_hourly_user_hour_idx').on(table.userId, table.hour),
  ],
)
