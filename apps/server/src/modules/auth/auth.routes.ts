import {
  changePassword,
  confirmPasswordReset,
  login,
  loginTwoFactor,
  logout,
  register,
  requestPasswordReset,
  verifyEmail,
} from '@proxy/contract/auth/endpoints'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import type { MailQueue } from '../../platform/mail/mail-queue.ts'
import type { Mailer } from '../../platform/mail/mailer.ts'
import { mount } from '../../platform/route.ts'
import type { LinkMail } from './account-links.ts'
import {
  changePassword as changePasswordService,
  clientOf,
  registerCustomer,
  signIn,
  signOut,
} from './auth.service.ts'
import type { CustomerAccounts } from './customer-accounts.ts'
import { admitAttempt, admitHourlyAttempt, LOGIN_WINDOW_MS } from './login-limits.ts'
import { mailResetLink, resetPassword } from './recovery.service.ts'
import { completeTwoFactorSignIn } from './two-factor.service.ts'
import { sealerFor } from './two-factor.ts'
import { mailVerificationLink, verifyEmail as verifyEmailService } from './verification.service.ts'

export type AuthRouteDeps = {
  db: Db
  config: Config
  mailer: Mailer
  mailQueue: MailQueue
  accounts: CustomerAccounts
}

export async function authRoutes(
  app: FastifyInstance,
  { db, config, mailer, mailQueue, accounts }: AuthRouteDeps,
) {
  // Limits on sign-in: attempts per client address here (any account), and failures per account
  // from one address and per account from everywhere in signIn() (login-limits.ts).
  const perIp = app.rateLimit({
    max: config.LOGIN_LIMIT_PER_IP,
    timeWindow: LOGIN_WINDOW_MS,
    keyGenerator: (request) => `login:ip:${request.ip}`,
    errorResponseBuilder: () => new AppError('LOGIN_RATE_LIMITED'),
  })
  const registrations = app.rateLimit({
    max: config.REGISTER_LIMIT_PER_IP,
    timeWindow: '1 hour',
    keyGenerator: (request) => `register:ip:${request.ip}`,
  })
  const resetsPerIp = app.rateLimit({
    max: config.PASSWORD_RESET_LIMIT_PER_IP,
    timeWindow: LOGIN_WINDOW_MS,
    keyGenerator: (request) => `password-reset:ip:${request.ip}`,
  })
  const linkMail: LinkMail = { publicUrl: config.publicUrl, send: mailer.send }
  const sealer = sealerFor(config, app.log)

  mount(
    app,
    register,
    async ({ body, request }) => {
      // Registration says when an address is taken (README, "Who has an account"): so it is slow to ask.
      if (!(await admitHourlyAttempt(db, `register:${body.email}`, config.REGISTER_LIMIT_PER_EMAIL)))
        throw new AppError('RATE_LIMITED')
      const { userId, session } = await registerCustomer(db, accounts, body, clientOf(request))
      mailQueue.add('verification link', () => mailVerificationLink(db, linkMail, userId))
      return session
    },
    { preHandler: [registrations] },
  )
  const accountLimits = {
    perAccountAndAddress: config.LOGIN_LIMIT_PER_ACCOUNT,
    perAccount: config.LOGIN_LIMIT_PER_ACCOUNT_ALL,
  }
  mount(app, login, ({ body, request }) => signIn(db, sealer, body, clientOf(request), accountLimits), {
    preHandler: [perIp],
  })
  mount(
    app,
    loginTwoFactor,
    ({ body, request }) => completeTwoFactorSignIn(db, sealer, body, clientOf(request), accountLimits),
    { preHandler: [perIp] },
  )
  mount(app, logout, async ({ auth }) => {
    await signOut(db, auth)
    return null
  })
  mount(app, changePassword, async ({ auth, body }) => {
    await changePasswordService(db, auth, body)
    return null
  })

  // The same work before the answer for every address (count it against the address's limit),
  // and the lookup and the mail after it: neither the answer nor its timing tells who has an account.
  mount(
    app,
    requestPasswordReset,
    async ({ body }) => {
      const limit = config.PASSWORD_RESET_LIMIT_PER_EMAIL
      if (!(await admitAttempt(db, `password-reset:${body.email}`, limit))) throw new AppError('RATE_LIMITED')
      mailQueue.add('password-reset link', () => mailResetLink(db, linkMail, body.email))
      return null
    },
    { preHandler: [resetsPerIp] },
  )
  mount(app, confirmPasswordReset, async ({ body }) => {
    await resetPassword(db, body)
    return null
  })
  mount(app, verifyEmail, async ({ body }) => {
    await verifyEmailService(db, body.token)
    return null
  })
}
