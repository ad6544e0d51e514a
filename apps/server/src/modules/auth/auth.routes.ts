import { changePassword, login, logout, register } from '@proxy/contract/auth/endpoints'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { mount } from '../../platform/route.ts'
import { changePassword as changePasswordService, registerCustomer, signIn, signOut } from './auth.service.ts'
import { LOGIN_WINDOW_MS } from './login-limits.ts'

export async function authRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
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

  mount(app, register, ({ body }) => registerCustomer(db, body), { preHandler: [registrations] })
  const accountLimits = {
    perAccountAndAddress: config.LOGIN_LIMIT_PER_ACCOUNT,
    perAccount: config.LOGIN_LIMIT_PER_ACCOUNT_ALL,
  }
  mount(app, login, ({ body, request }) => signIn(db, body, request.ip, accountLimits), {
    preHandler: [perIp],
  })
  mount(app, logout, async ({ auth }) => {
    await signOut(db, auth)
    return null
  })
  mount(app, changePassword, async ({ auth, body }) => {
    await changePasswordService(db, auth, body)
    return null
  })
}
