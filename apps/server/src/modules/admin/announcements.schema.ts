// Announcements are the operators' (each names its author): the customers' overview reads the
// published ones through currentAnnouncements, which app.ts hands to the notices routes.
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { operators } from './admin.schema.ts'

/**
 * Announcements to every customer, written by operators: a draft until `publishAt`, shown on the
 * overview from then until `expiresAt` (none: until withdrawn).
 */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    titleZh: text('title_zh').notNull(),
    titleEn: text('title_en').notNull(),
    bodyZh: text('body_zh').notNull(),
    bodyEn: text('body_en').notNull(),
    severity: text('severity', { enum: ['info', 'warning'] })
      .notNull()
      .default('info'),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => operators.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('announcements_publish_idx').on(table.publishAt, table.expiresAt)],
)
