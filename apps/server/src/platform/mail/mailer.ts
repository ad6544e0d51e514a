// Mail through nodemailer when SMTP_URL is set; otherwise logged and kept in the outbox table (and, in
// development, written to DATA_DIR/outbox as text files a developer can open).
// Always called after the database transaction it reports on has committed.
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type { Transporter } from 'nodemailer'
import type { Db } from '../db/client.ts'
import { maskEmail, REDACTED } from '../log-redaction.ts'
import { mailOutbox } from './mail.schema.ts'

export type Mail = {
  to: string
  subject: string
  text: string
  /**
   * Values in the text that open the customer's account (a reset or verification link's token).
   * Without SMTP the dev outbox keeps them, for that is how a developer follows the link; a mail
   * that really went out is recorded without them.
   */
  secrets?: readonly string[]
}
export type Mailer = { send: (mail: Mail) => Promise<void> }

export { REDACTED }

/** One file per mail, named by time and recipient so the newest sorts last. */
async function writeOutboxFile(dir: string, { to, subject, text }: Pick<Mail, 'to' | 'subject' | 'text'>) {
  await mkdir(dir, { recursive: true })
  const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${to.replace(/[^\w.@-]/g, '_')}.txt`
  await writeFile(join(dir, name), `To: ${to}\nSubject: ${subject}\n\n${text}\n`, { mode: 0o600 })
}

const withoutSecrets = (text: string, secrets: readonly string[] = []) =>
  secrets.reduce((kept, secret) => (secret ? kept.replaceAll(secret, REDACTED) : kept), text)

export function createMailer(
  db: Db,
  log: FastifyBaseLogger,
  smtpUrl?: string,
  from = 'no-reply@localhost',
  outboxDir?: string,
): Mailer {
  // nodemailer is loaded with the first mail, and only when SMTP is configured (it is resident memory).
  let transport: Transporter | undefined
  return {
    async send({ to, subject, text, secrets }) {
      if (!smtpUrl) {
        log.info({ to: maskEmail(to), subject }, 'mail kept in the dev outbox (no SMTP_URL)')
        await db.insert(mailOutbox).values({ to, subject, text, status: 'logged' })
        if (outboxDir) await writeOutboxFile(outboxDir, { to, subject, text })
        return
      }
      const recorded = { to, subject, text: withoutSecrets(text, secrets) }
      try {
        transport ??= (await import('nodemailer')).createTransport(smtpUrl)
        await transport.sendMail({ from, to, subject, text })
        await db.insert(mailOutbox).values({ ...recorded, status: 'sent' })
      } catch (error) {
        log.error({ err: error, to: maskEmail(to) }, 'mail not sent')
        const reason = withoutSecrets((error as Error).message, secrets)
        await db.insert(mailOutbox).values({ ...recorded, status: 'failed', error: reason })
      }
    },
  }
}
