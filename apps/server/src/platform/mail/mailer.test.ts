// The outbox and secrets: without SMTP_URL the dev outbox keeps a mail whole (a developer follows the
// link from there); a mail that really goes out is recorded without the secrets it carries.
import { randomBytes } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ACCOUNT_PAGES } from '@proxy/contract/wire'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailsTo } from '../../../test/account-mail.ts'
import { startFakeSmtp } from '../../../test/fake-smtp.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { loadConfig } from '../config.ts'
import { mailOutbox } from './mail.schema.ts'
import { createMailer, REDACTED } from './mailer.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const secretMail = (to: string) => {
  const secret = randomBytes(32).toString('base64url')
  return {
    secret,
    mail: {
      to,
      subject: '重置密码 / Reset your password',
      text: `打开 https://console.example.com/portal/reset-password#token=${secret}\n\nOpen the link above.`,
      secrets: [secret],
    },
  }
}
const outboxOf = (to: string) => server.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))

describe('mailer', () => {
  it('keeps the whole mail, link included, in the dev outbox when there is no SMTP_URL', async () => {
    const { secret, mail } = secretMail('dev@example.com')
    await createMailer(server.db, server.app.log).send(mail)
    const [row] = await outboxOf('dev@example.com')
    expect(row).toMatchObject({ status: 'logged', subject: mail.subject, text: mail.text })
    expect(row?.text).toContain(secret)
  })

  it('also writes each dev mail to the outbox folder, one readable file per mail', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'outbox-'))
    try {
      const { secret, mail } = secretMail('files@example.com')
      await createMailer(server.db, server.app.log, undefined, 'x@localhost', dir).send(mail)
      const files = await readdir(dir)
      expect(files).toHaveLength(1)
      expect(files[0]).toMatch(/files@example\.com\.txt$/)
      const text = await readFile(join(dir, files[0] ?? ''), 'utf8')
      expect(text).toContain(`To: files@example.com\nSubject: ${mail.subject}`)
      expect(text).toContain(secret)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('writes the outbox folder only in development, and never when mail goes out over SMTP', () => {
    const base = { DATA_DIR: '/tmp/data' }
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).mailOutboxDir).toBe('/tmp/data/outbox')
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).mailOutboxDir).toBeUndefined()
    expect(loadConfig({ ...base, NODE_ENV: 'test', MAIL_OUTBOX_DIR: '/tmp/mails' }).mailOutboxDir).toBe(
      '/tmp/mails',
    )
    expect(
      loadConfig({ ...base, NODE_ENV: 'development', SMTP_URL: 'smtp://127.0.0.1:2525' }).mailOutboxDir,
    ).toBeUndefined()
    expect(() => loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525' })).toThrow(
      /PUBLIC_URL/,
    )
  })

  it('sends the whole mail over SMTP and records it without its secrets', async () => {
    const smtp = await startFakeSmtp()
    try {
      const { secret, mail } = secretMail('smtp@example.com')
      await createMailer(server.db, server.app.log, smtp.url, 'Test <no-reply@example.com>').send(mail)
      expect(smtp.received).toHaveLength(1)
      expect(smtp.received[0]?.to).toEqual(['smtp@example.com'])
      expect(smtp.received[0]?.text).toContain(`#token=${secret}`)
      expect(smtp.received[0]?.text).toContain('打开')
      const [row] = await outboxOf('smtp@example.com')
      expect(row?.status).toBe('sent')
      expect(row?.text).not.toContain(secret)
      expect(row?.text).toContain(`#token=${REDACTED}`)
      // A mail without secrets is recorded as it went.
      await createMailer(server.db, server.app.log, smtp.url).send({
        to: 'plain@example.com',
        subject: 'Plain',
        text: 'nothing secret',
      })
      expect((await outboxOf('plain@example.com'))[0]).toMatchObject({
        status: 'sent',
        text: 'nothing secret',
      })
    } finally {
      await smtp.close()
    }
  })

  it('records a failed mail without its secrets too', async () => {
    const smtp = await startFakeSmtp()
    await smtp.close() // nothing listens on its port any more
    const { secret, mail } = secretMail('down@example.com')
    await createMailer(server.db, server.app.log, smtp.url).send(mail)
    const [row] = await outboxOf('down@example.com')
    expect(row?.status).toBe('failed')
    expect(row?.error).toBeTruthy()
    expect(JSON.stringify(row)).not.toContain(secret)
  })
})

describe('account links over SMTP', () => {
  it('mails the working link and keeps only a redacted copy', async () => {
    const smtp = await startFakeSmtp()
    const app = await startTestServer({ SMTP_URL: smtp.url })
    try {
      const customer = await app.newCustomer()
      const [row] = await mailsTo(app, customer.email)
      expect(row?.status).toBe('sent')
      expect(row?.text).toContain(`${ACCOUNT_PAGES.verifyEmail}#token=${REDACTED}`)
      const sent = smtp.received.find((mail) => mail.to.includes(customer.email))
      const token = sent?.text.match(/#token=([A-Za-z0-9_-]{43})/)?.[1]
      expect(token).toBeDefined()
      expect(row?.text).not.toContain(token)
      const verified = await app.call('POST', '/api/auth/verify-email', { body: { token } })
      expect(verified.status).toBe(200)
    } finally {
      await app.close()
      await smtp.close()
    }
  })

  it('answers a reset request before the mail is sent: a hung mail server holds up nothing', async () => {
    const smtp = await startFakeSmtp({ stall: true })
    const app = await startTestServer({ SMTP_URL: smtp.url })
    try {
      const email = `stalled-${randomBytes(4).toString('hex')}@example.com`
      const register = await app.call('POST', '/api/auth/register', {
        body: { email, password: 'correct horse battery' },
      })
      expect(register.status).toBe(200)
      for (const address of [email, 'unknown-stalled@example.com']) {
        const started = performance.now()
        const answer = await app.call('POST', '/api/auth/password-reset', { body: { email: address } })
        expect(answer.status).toBe(200)
        expect(performance.now() - started).toBeLessThan(2000)
      }
      expect(await app.db.$count(mailOutbox, eq(mailOutbox.to, email))).toBe(0)
      // Hang up on every connection, including one a mail still to start opens, until all have failed.
      const hangUp = setInterval(smtp.dropConnections, 50)
      await app.app.mailQueue.settled().finally(() => clearInterval(hangUp))
      const mails = await mailsTo(app, email)
      expect(mails.map((mail) => mail.status)).toEqual(['failed', 'failed'])
      expect(mails.every((mail) => mail.text.includes(`#token=${REDACTED}`))).toBe(true)
    } finally {
      await app.close()
      await smtp.close()
    }
  })
})
