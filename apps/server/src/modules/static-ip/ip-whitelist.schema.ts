// Source addresses from which a customer's static IPs open without a password.
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.schema.ts'

export const ipWhitelist = pgTable(
  'ip_whitelist',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Normalised: an address, or a CIDR range with its host bits cleared. */
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ip_whitelist_user_source_key').on(table.userId, table.source),
    index('ip_whitelist_user_created_idx').on(table.userId, table.createdAt),
  ],
)
