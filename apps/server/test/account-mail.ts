// Reading the links the server mails (password reset, e-mail verification) from the dev outbox, as a
// developer does, and verifying a customer's address through the real link.
import { ACCOUNT_PAGES } from '@proxy/contract/wire'
import { desc, eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { mailOutbox } from '../src/platform/mail/mail.schema.ts'
import type { TestServer } from './test-server.ts'

type OutboxMail = typeof mailOutbox.$inferSelect

/** A mail carrying a link to reset a password or verify an address. */
export const isAccountLinkMail = (mail: Pick<OutboxMail, 'text'>) => /#token=/.test(mail.text)

/** Every mail to `email` once the mail sent after the answers has gone, oldest first. */
export async function mailsTo(server: TestServer, email: string): Promise<OutboxMail[]> {
  await server.app.mailQueue.settled()
  return server.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(mailOutbox.createdAt)
}

/** The token of the newest link to `page` mailed to `email` (undefined when there is none). */
export async function mailedToken(
  server: TestServer,
  email: string,
  page: string,
): Promise<string | undefined> {
  await server.app.mailQueue.settled()
  const mails = await server.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt))
  const pattern = new RegExp(`${page}#token=([A-Za-z0-9_-]{43})`)
  for (const mail of mails) {
    const match = pattern.exec(mail.text)
    if (match) return match[1]
  }
  return undefined
}

/** Opens the verification link mailed at sign-up, as the customer would. */
export async function verifyEmailOf(server: TestServer, email: string): Promise<void> {
  const token = await mailedToken(server, email, ACCOUNT_PAGES.verifyEmail)
  expect(token, `no verification mail to ${email}`).toBeDefined()
  const answer = await server.call('POST', '/api/auth/verify-email', { body: { token } })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
}
