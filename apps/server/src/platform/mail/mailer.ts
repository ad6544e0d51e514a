// Mail through nodemailer when SMTP_URL is set; otherwise logged and kept in the outbox table.
// Always called after the database transaction it reports on has committed.
import type { FastifyBaseLogger } from 'fastify'
import { createTransport } from 'nodemailer'
import type { Db } from '../db/client.ts'
import { mailOutbox } from './mail.schema.ts'

export type Mail = { to: string; subject: string; text: string }
export type Mailer = { send: (mail: Mail) => Promise<void> }

export function createMailer(
  db: Db,
  log: FastifyBaseLogger,
  smtpUrl?: string,
  from = 'no-reply@localhost',
): Mailer {
  const transport = smtpUrl ? createTransport(smtpUrl) : null
  return {
    async send(mail) {
      if (!transport) {
        log.info({ to: mail.to, subject: mail.subject }, 'mail kept in the dev outbox (no SMTP_URL)')
        await db.insert(mailOutbox).values({ ...mail, status: 'logged' })
        return
      }
      try {
        await transport.sendMail({ from, ...mail })
        await db.insert(mailOutbox).values({ ...mail, status: 'sent' })
      } catch (error) {
        log.error({ err: error, to: mail.to }, 'mail not sent')
        await db.insert(mailOutbox).values({ ...mail, status: 'failed', error: (error as Error).message })
      }
    },
  }
}
