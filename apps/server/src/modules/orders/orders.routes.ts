import {
  getOrder,
  listOrders,
  purchaseStaticIp,
  quoteStaticIp,
  renewInstances,
} from '@proxy/contract/orders/endpoints'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/client.ts'
import { mount } from '../../platform/route.ts'
import { createIdempotencyHooks, moneyContext } from '../idempotency/index.ts'
import * as ordersService from './orders.service.ts'
import * as purchases from './purchase.service.ts'

export async function orderRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const idempotency = createIdempotencyHooks(db, config.IDEMPOTENCY_LEASE_SECONDS)
  const idempotent = { preHandler: [idempotency.preHandler], onSend: idempotency.onSend }

  mount(app, quoteStaticIp, ({ auth, body }) => purchases.quoteStaticIp(db, auth.userId, body))
  mount(
    app,
    purchaseStaticIp,
    ({ auth, body, request }) => purchases.purchaseStaticIp(db, auth.userId, body, moneyContext(request)),
    idempotent,
  )
  mount(
    app,
    renewInstances,
    ({ auth, body, request }) => purchases.renewInstances(db, auth.userId, body, moneyContext(request)),
    idempotent,
  )
  mount(app, listOrders, ({ auth, query }) => ordersService.listOrders(db, auth.userId, query))
  mount(app, getOrder, ({ auth, params }) => ordersService.getOrder(db, auth.userId, params.orderNo))
}
