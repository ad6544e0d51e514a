import { changePassword, login, logout, register } from '@proxy/contract/auth/endpoints'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { mount } from '../../platform/route.ts'
import {
  changePassword as changePasswordService,
  LOGIN_WINDOW_MS,
  registerCustomer,
  signIn,
  signOut,
} from './auth.service.ts'

export async function authRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  // Two limits on sign-in: attempts per client address here, and failures per account in
  // signIn(), kept in the database so a botnet spread over many addresses is stopped too.
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
  mount(app, login, ({ body }) => signIn(db, body, config.LOGIN_LIMIT_PER_ACCOUNT), { preHandler: [perIp] })
  mount(app, logout, async ({ auth }) => {
    await signOut(db, auth)
    return null
  })
  mount(app, changePassword, async ({ auth, body }) => {
    await changePasswordService(db, auth, body)
    return null
  })
}
