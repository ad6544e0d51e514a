import {
  createApiToken,
  disableTwoFactor,
  enableTwoFactor,
  getMe,
  listApiTokens,
  listSessions,
  listSignIns,
  resendVerificationEmail,
  revokeApiToken,
  revokeOtherSessions,
  revokeSession,
  setupTwoFactor,
  updateMe,
} from '@proxy/contract/user/endpoints'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/client.ts'
import type { MailQueue } from '../../platform/mail/mail-queue.ts'
import type { Mailer } from '../../platform/mail/mailer.ts'
import { mount } from '../../platform/route.ts'
import {
  admitVerificationMail,
  disableTwoFactor as disableTwoFactorService,
  enableTwoFactor as enableTwoFactorService,
  mailVerificationLink,
  sealerFor,
  security,
  setupTwoFactor as setupTwoFactorService,
  profiles as users,
} from '../auth/index.ts'

type Deps = { db: Db; config: Config; mailer: Mailer; mailQueue: MailQueue }

export async function userRoutes(app: FastifyInstance, { db, config, mailer, mailQueue }: Deps) {
  const readProfile = users.createProfileReader(db)
  mount(app, getMe, ({ auth }) => readProfile(auth.userId))
  mount(app, updateMe, ({ auth, body }) => users.updateProfile(db, auth.userId, body))
  mount(app, resendVerificationEmail, async ({ auth }) => {
    await admitVerificationMail(db, auth.userId)
    const linkMail = { publicUrl: config.publicUrl, send: mailer.send }
    mailQueue.add('verification link', () => mailVerificationLink(db, linkMail, auth.userId))
    return null
  })
  mount(app, listApiTokens, async ({ auth }) => ({ items: await users.listApiTokens(db, auth.userId) }))
  mount(app, createApiToken, ({ auth, body }) => users.createApiToken(db, auth.userId, body))
  mount(app, revokeApiToken, async ({ auth, params }) => {
    await users.revokeApiToken(db, auth.userId, params.id)
    return null
  })

  const sealer = sealerFor(config, app.log)
  mount(app, setupTwoFactor, ({ auth, body }) =>
    setupTwoFactorService(db, sealer, auth.userId, body.password),
  )
  mount(app, enableTwoFactor, ({ auth, body }) => enableTwoFactorService(db, sealer, auth.userId, body.code))
  mount(app, disableTwoFactor, async ({ auth, body }) => {
    await disableTwoFactorService(db, sealer, auth.userId, body, config.LOGIN_LIMIT_PER_ACCOUNT)
    return null
  })
  mount(app, listSessions, async ({ auth }) => ({
    items: await security.listSessions(db, auth.userId, auth.sessionId),
  }))
  mount(app, revokeSession, async ({ auth, params }) => {
    await security.revokeSession(db, auth.userId, params.id)
    return null
  })
  mount(app, revokeOtherSessions, async ({ auth }) => ({
    revoked: await security.revokeOtherSessions(db, auth.userId, auth.sessionId),
  }))
  mount(app, listSignIns, ({ auth, query }) => security.listSignIns(db, auth.userId, query))
}
