// E-mail verification: a single-use link (24 hours) mailed after sign-up and on request. It proves
// only the address it was sent to: once the account's address is another, the link is refused.
// Reminders and receipts are mailed only to a verified address (verifiedEmailOf).
import { ACCOUNT_PAGES } from '@proxy/contract/wire'
import { and, eq, isNotNull, sql } from 'drizzle-orm'
import { type Db, inTransaction } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import {
  bilingual,
  consumeLinkToken,
  issueLinkToken,
  type LinkMail,
  linkTo,
  recipientBy,
} from './account-links.ts'
import { users } from './auth.schema.ts'
import { admitAttempt } from './login-limits.ts'

export const VERIFY_LINK_TTL_MS = 24 * 3600 * 1000
/** Verification mails a customer may ask for per 15 minutes. */
export const VERIFY_MAILS_PER_WINDOW = 3

export async function mailVerificationLink(db: Db, mail: LinkMail, userId: string): Promise<void> {
  const recipient = await recipientBy(db, { id: userId })
  if (!recipient) return
  const token = await issueLinkToken(db, recipient, 'verify-email', VERIFY_LINK_TTL_MS)
  const link = linkTo(mail.publicUrl, ACCOUNT_PAGES.verifyEmail, token)
  await mail.send({
    to: recipient.email,
    subject: '验证邮箱 / Verify your email address',
    text: bilingual(
      recipient,
      `请打开下面的链接验证你的云枢代理账号邮箱（24 小时内有效，仅可使用一次）：\n${link}\n\n续费提醒、流量提醒等邮件只发送到已验证的邮箱。如果你没有注册过云枢代理，请忽略本邮件。`,
      `Open this link to verify the email address of your CloudHub Proxy account (valid for 24 hours, it works once):\n${link}\n\nReminders and receipts are mailed only to a verified address. If you did not sign up for CloudHub Proxy, ignore this mail.`,
    ),
    secrets: [token],
  })
}

/** A signed-in customer asks for another link: refused once verified, and past a few per 15 minutes. */
export async function admitVerificationMail(db: Db, userId: string): Promise<void> {
  const [user] = await db
    .select({ emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
  if (!user) throw new AppError('UNAUTHORIZED')
  if (user.emailVerifiedAt) throw new AppError('EMAIL_ALREADY_VERIFIED')
  if (!(await admitAttempt(db, `verify-mail:${userId}`, VERIFY_MAILS_PER_WINDOW)))
    throw new AppError('RATE_LIMITED')
}

export async function verifyEmail(db: Db, token: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const used = await consumeLinkToken(tx, 'verify-email', token)
    if (!used) throw new AppError('ACCOUNT_LINK_INVALID')
    const [user] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(and(eq(users.id, used.userId), eq(users.email, used.email)))
      .returning({ id: users.id })
    if (!user) throw new AppError('ACCOUNT_LINK_INVALID')
  })
}

/** The customer's address for reminders and receipts: only once verified (undefined otherwise). */
export async function verifiedEmailOf(db: Db, userId: string): Promise<string | undefined> {
  const [user] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.emailVerifiedAt)))
  return user?.email
}
