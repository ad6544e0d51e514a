// The operator API for orders, top-ups (reconcile, mark paid) and refunds (the finance role's pages).
import {
  checkTopUpAtGateway,
  listAdminOrders,
  listAdminTopUps,
  markTopUpPaid,
} from '@proxy/contract/admin/orders'
import { refundStaticIp, refundTrafficPackage } from '@proxy/contract/admin/refunds'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/client.ts'
import { mount } from '../../platform/route.ts'
import { createIdempotencyHooks } from '../idempotency/index.ts'
import { listAllOrders, listAllTopUps } from './finance-orders.service.ts'
import * as refunds from './finance-refunds.service.ts'
import { checkAtGateway, markPaid } from './finance-topups.service.ts'

export async function financeRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const idempotency = createIdempotencyHooks(db, config.IDEMPOTENCY_LEASE_SECONDS, {
    scope: 'operator',
    required: true,
  })
  const moneyMoving = { preHandler: [idempotency.preHandler], onSend: idempotency.onSend }

  mount(app, listAdminOrders, ({ query }) => listAllOrders(db, query))
  mount(app, listAdminTopUps, ({ query }) => listAllTopUps(db, query))

  mount(
    app,
    refundStaticIp,
    ({ params, body, request }) => refunds.refundStaticIp(db, request, params.id, body.reason),
    moneyMoving,
  )
  mount(
    app,
    refundTrafficPackage,
    ({ params, body, request }) => refunds.refundTrafficPackage(db, request, params.id, body.reason),
    moneyMoving,
  )

  // The top-up service is decorated on the app after this plugin registers; it is there by the first request.
  const topUpDeps = (request: FastifyRequest) => ({ db, topups: request.server.topups })
  mount(app, checkTopUpAtGateway, ({ params, request }) => checkAtGateway(topUpDeps(request), params.orderNo))
  mount(
    app,
    markTopUpPaid,
    ({ params, body, request }) => markPaid(topUpDeps(request), request, params.orderNo, body.reason),
    moneyMoving,
  )
}
