// The operator API under /api/admin: sign-in and sessions, customers, the audit log.
import { listAudit as listAuditEndpoint } from '@proxy/contract/admin/audit'
import {
  changeOperatorPassword,
  listOperatorSessions,
  operatorLogin,
  operatorLogout,
  operatorMe,
  revokeOperatorSession,
} from '@proxy/contract/admin/auth'
import {
  adjustCustomerWallet,
  getCustomer,
  listCustomerStaticIps,
  listCustomers as listCustomersEndpoint,
  listCustomerTrafficPackages,
  listCustomerTransactions,
  replaceInstanceAddress,
  restoreCustomer,
  sendPasswordResetMail,
  suspendCustomer,
} from '@proxy/contract/admin/customers'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import type { MailQueue } from '../../platform/mail/mail-queue.ts'
import type { Mail, Mailer } from '../../platform/mail/mailer.ts'
import { mount } from '../../platform/route.ts'
import { clientOf, sealerFor } from '../auth/index.ts'
import { createIdempotencyHooks, moneyContext } from '../idempotency/index.ts'
import { actorOf, listAudit } from './audit.ts'
import { customerStaticIps, mailPasswordReset, replaceAddress } from './customer-actions.service.ts'
import {
  adjustWallet,
  customerDetail,
  customerTrafficPackages,
  customerTransactions,
  listCustomers,
  setCustomerSuspension,
} from './customers.service.ts'
import { clearSessionCookie, setSessionCookie } from './operator-auth.ts'
import {
  changeOperatorPassword as changePassword,
  listOperatorSessions as listSessions,
  operatorById,
  revokeOperatorSession as revokeSession,
  signInOperator,
  toOperator,
} from './operators.service.ts'

export type AdminRouteDeps = { db: Db; config: Config; mailer: Mailer; mailQueue: MailQueue }

export async function adminRoutes(app: FastifyInstance, { db, config, mailer, mailQueue }: AdminRouteDeps) {
  const sealer = sealerFor(config, app.log)
  const limits = {
    perAccountAndAddress: config.LOGIN_LIMIT_PER_ACCOUNT,
    perAccount: config.LOGIN_LIMIT_PER_ACCOUNT_ALL,
    perAddress: config.LOGIN_LIMIT_PER_IP,
  }
  const idempotency = createIdempotencyHooks(db, config.IDEMPOTENCY_LEASE_SECONDS, {
    scope: 'operator',
    required: true,
  })

  mount(app, operatorLogin, async ({ body, request, reply }) => {
    const { operator, session } = await signInOperator(db, sealer, body, clientOf(request), limits)
    setSessionCookie(request, reply, session)
    return operator
  })

  mount(app, operatorLogout, async ({ operator, request, reply }) => {
    await revokeSession(db, operator, operator.sessionId, request.ip)
    clearSessionCookie(request, reply)
    return null
  })

  mount(app, operatorMe, async ({ operator }) => toOperator(await operatorById(db, operator.operatorId)))

  mount(app, changeOperatorPassword, async ({ operator, body, request, reply }) => {
    const changed = await changePassword(db, operator.operatorId, body, clientOf(request))
    setSessionCookie(request, reply, changed.session)
    return changed.operator
  })

  mount(app, listOperatorSessions, async ({ operator }) => ({
    items: await listSessions(db, operator.operatorId, operator.sessionId),
  }))

  mount(app, revokeOperatorSession, async ({ operator, params, request, reply }) => {
    if (!(await revokeSession(db, operator, params.id, request.ip))) throw new AppError('NOT_FOUND')
    if (params.id === operator.sessionId) clearSessionCookie(request, reply)
    return null
  })

  mount(app, listAuditEndpoint, ({ query }) => listAudit(db, query))

  mount(app, listCustomersEndpoint, ({ query }) => listCustomers(db, query))
  mount(app, getCustomer, ({ params }) => customerDetail(db, params.id))
  mount(app, suspendCustomer, ({ params, body, request }) =>
    setCustomerSuspension(db, actorOf(request), params.id, true, body.reason),
  )
  mount(app, restoreCustomer, ({ params, body, request }) =>
    setCustomerSuspension(db, actorOf(request), params.id, false, body.reason),
  )
  mount(
    app,
    adjustCustomerWallet,
    ({ params, body, request }) => adjustWallet(db, actorOf(request), moneyContext(request), params.id, body),
    idempotency,
  )

  mount(app, listCustomerStaticIps, ({ params, query }) => customerStaticIps(db, params.id, query))
  mount(app, listCustomerTransactions, ({ params, query }) => customerTransactions(db, params.id, query))
  mount(app, listCustomerTrafficPackages, ({ params, query }) =>
    customerTrafficPackages(db, params.id, query),
  )
  mount(app, replaceInstanceAddress, ({ params, body, request }) =>
    replaceAddress(db, actorOf(request), params.id, body),
  )
  const resetMailer = {
    publicUrl: config.publicUrl,
    sendLater: (mail: Mail) => mailQueue.add('password-reset link (operator)', () => mailer.send(mail)),
  }
  mount(app, sendPasswordResetMail, ({ params, body, request }) =>
    mailPasswordReset(db, actorOf(request), params.id, body.reason, resetMailer),
  )
}
