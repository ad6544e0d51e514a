// Single-use links mailed to a customer (password reset, e-mail verification). The token is 32 random
// bytes that exist only in the mail; the database keeps its SHA-256, and the link carries it in the
// URL fragment, which no browser sends to a server, so it reaches no access log.
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db/client.ts'
import type { Mail } from '../../platform/mail/mailer.ts'
import { accountTokens, users } from './auth.schema.ts'
import { hashToken, newToken } from './tokens.ts'

export type LinkPurpose = (typeof accountTokens.$inferInsert)['purpose']

/** What issuing and mailing a link needs. */
export type LinkMail = { publicUrl: string; send: (mail: Mail) => Promise<void> }

export type Recipient = { id: string; email: string; language: 'zh-CN' | 'en-US' | null }

export async function recipientBy(
  db: Db,
  where: { id: string } | { email: string },
): Promise<Recipient | undefined> {
  const [user] = await db
    .select({ id: users.id, email: users.email, language: users.language })
    .from(users)
    .where('id' in where ? eq(users.id, where.id) : eq(users.email, where.email))
  return user
}

/** Stores a new link token for the customer's current address and answers the token itself. */
export async function issueLinkToken(
  db: Db,
  recipient: Recipient,
  purpose: LinkPurpose,
  validForMs: number,
): Promise<string> {
  const token = newToken('')
  await db.insert(accountTokens).values({
    userId: recipient.id,
    purpose,
    tokenHash: hashToken(token),
    email: recipient.email,
    expiresAt: new Date(Date.now() + validForMs),
  })
  return token
}

/** The address of the portal page that opens a link, with the token in the fragment. */
export const linkTo = (publicUrl: string, page: string, token: string) => `${publicUrl}${page}#token=${token}`

const isLive = (purpose: LinkPurpose, token: string) =>
  and(
    eq(accountTokens.tokenHash, hashToken(token)),
    eq(accountTokens.purpose, purpose),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, sql`now()`),
  )

/** A link's row if it is unused and unexpired (nothing is changed). */
export async function findLiveToken(db: Db | Tx, purpose: LinkPurpose, token: string) {
  const [row] = await db
    .select({ id: accountTokens.id, userId: accountTokens.userId, email: accountTokens.email })
    .from(accountTokens)
    .where(isLive(purpose, token))
  return row
}

/**
 * Uses a link: one conditional update, so of two requests with the same token exactly one gets the
 * row (the other waits for the row lock, then finds it used). Every other live link of the same
 * purpose for that customer is spent with it. Answers the link's customer and address, or undefined.
 */
export async function consumeLinkToken(tx: Tx, purpose: LinkPurpose, token: string) {
  const [row] = await tx
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(isLive(purpose, token))
    .returning({ userId: accountTokens.userId, email: accountTokens.email })
  if (!row) return undefined
  await tx
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.userId, row.userId),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
      ),
    )
  return row
}

/** Mail text in both languages, the customer's own first (Chinese when they have not chosen). */
export const bilingual = (recipient: Recipient, zh: string, en: string) =>
  recipient.language === 'en-US' ? `${en}\n\n${zh}` : `${zh}\n\n${en}`
