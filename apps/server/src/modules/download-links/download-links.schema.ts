// Secret download links: a customer's standing URL for their lines. Only the secret's SHA-256 is
// kept; the filters are the export's own parameters, so the link answers what the export would.
import { DOWNLOAD_LINK_PROTOCOLS } from '@proxy/contract/static-ip/download-links'
import { EXPORT_FORMATS, SOCKS5_TEMPLATES } from '@proxy/contract/static-ip/instances'
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.schema.ts'

export const downloadLinks = pgTable(
  'download_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The first characters of the secret, for the customer to recognise it. */
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    protocol: text('protocol', { enum: DOWNLOAD_LINK_PROTOCOLS }).notNull(),
    /** One region's lines; null for all. */
    regionId: text('region_id'),
    format: text('format', { enum: EXPORT_FORMATS }).notNull(),
    template: text('template', { enum: SOCKS5_TEMPLATES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
  },
  (table) => [
    uniqueIndex('download_links_secret_hash_key').on(table.secretHash),
    index('download_links_user_created_idx').on(table.userId, table.createdAt),
  ],
)
