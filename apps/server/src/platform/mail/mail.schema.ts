import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/** Every mail we send, or would send: with no SMTP_URL it stays here as the dev outbox. */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  status: text('status', { enum: ['logged', 'sent', 'failed'] }).notNull(),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
