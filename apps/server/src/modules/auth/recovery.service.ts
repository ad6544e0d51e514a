// Forgotten passwords: a single-use link mailed to the address, valid 30 minutes. Using it sets the
// new password, spends the customer's other reset links, ends every session and API token of the
// account and lifts its sign-in locks. Whether an address has an account is never told: the request answers the same
// either way, and the mail is looked up and sent after the answer (mail-queue.ts).
import type { PasswordResetConfirm } from '@proxy/contract/auth/endpoints'
import { ACCOUNT_PAGES } from '@proxy/contract/wire'
import { and, eq, sql } from 'drizzle-orm'
import { type Db, inTransaction } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import {
  bilingual,
  consumeLinkToken,
  findLiveToken,
  issueLinkToken,
  type LinkMail,
  linkTo,
  recipientBy,
} from './account-links.ts'
import { users } from './auth.schema.ts'
import { isCommonPassword } from './common-passwords.ts'
import { endCredentials } from './credentials.ts'
import { clearLoginLimits } from './login-limits.ts'
import { hashPassword } from './passwords.ts'

export const RESET_LINK_TTL_MS = 30 * 60 * 1000

/** Mails a reset link when the address has an account, and does nothing at all when it has none. */
export async function mailResetLink(db: Db, mail: LinkMail, email: string): Promise<void> {
  const recipient = await recipientBy(db, { email })
  if (!recipient) return
  const token = await issueLinkToken(db, recipient, 'reset-password', RESET_LINK_TTL_MS)
  const link = linkTo(mail.publicUrl, ACCOUNT_PAGES.resetPassword, token)
  await mail.send({
    to: recipient.email,
    subject: '重置密码 / Reset your password',
    text: bilingual(
      recipient,
      `有人（希望是你）请求重置云枢代理账号的密码。请在 30 分钟内打开下面的链接设置新密码（仅可使用一次）：\n${link}\n\n设置新密码后，所有设备上的登录都会退出，所有 API 令牌也会失效（脚本需换用新令牌）。如果不是你本人操作，请忽略本邮件，密码不会改变。`,
      `Someone (hopefully you) asked to reset the password of your CloudHub Proxy account. Open this link within 30 minutes to choose a new one (it works once):\n${link}\n\nA new password signs you out on every device and ends every API token (your scripts will need a new one). If it was not you, ignore this mail: your password stays as it is.`,
    ),
    secrets: [token],
  })
}

/**
 * Sets a new password with a reset link's token. A weak password is refused before the link is
 * used, so the customer can try another; the slow hash is computed before the transaction.
 */
export async function resetPassword(db: Db, { token, password }: PasswordResetConfirm): Promise<void> {
  const link = await findLiveToken(db, 'reset-password', token)
  if (!link) throw new AppError('ACCOUNT_LINK_INVALID')
  if (isCommonPassword(password, link.email)) throw new AppError('WEAK_PASSWORD')
  const passwordHash = await hashPassword(password)
  const email = await inTransaction(db, async (tx) => {
    const used = await consumeLinkToken(tx, 'reset-password', token)
    if (!used) throw new AppError('ACCOUNT_LINK_INVALID')
    // The link proves the address it was sent to, and only while it is still the account's.
    const [user] = await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(and(eq(users.id, used.userId), eq(users.email, used.email)))
      .returning({ email: users.email })
    if (!user) throw new AppError('ACCOUNT_LINK_INVALID')
    // Whoever took the account may have made tokens for their scripts: those end too.
    await endCredentials(tx, used.userId, { keepSessionId: null, apiTokens: true })
    return user.email
  })
  await clearLoginLimits(db, email)
}
