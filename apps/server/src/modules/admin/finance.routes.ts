// The operator API for orders, top-ups (reconcile, mark paid) and refunds (the finance role's pages).
import {
  checkTopUpAtGateway,
  exportAdminOrders,
  exportAdminTopUps,
  listAdminOrders,
  listAdminTopUps,
  markTopUpPaid,
} from '@proxy/contract/admin/orders'
import { refundStaticIp, refundTrafficPackage } from '@proxy/contract/admin/refunds'
import type { Endpoint } from '@proxy/contract/endpoint'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/client.ts'
import { mount } from '../../platform/route.ts'
import { createIdempotencyHooks, moneyContext } from '../idempotency/index.ts'
import { actorOf, recordAudit } from './audit.ts'
import { exportAllOrders, exportAllTopUps, listAllOrders, listAllTopUps } from './finance-orders.service.ts'
import * as refunds from './finance-refunds.service.ts'
import { checkAtGateway, markPaid } from './finance-topups.service.ts'

export async function financeRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const moneyMoving = createIdempotencyHooks(db, config.IDEMPOTENCY_LEASE_SECONDS, {
    scope: 'operator',
    required: true,
  })

  mount(app, listAdminOrders, ({ query }) => listAllOrders(db, query))
  mount(app, listAdminTopUps, ({ query }) => listAllTopUps(db, query))
  mountCsvExport(app, db, exportAdminOrders, 'orders', (query) => exportAllOrders(db, query))
  mountCsvExport(app, db, exportAdminTopUps, 'topups', (query) => exportAllTopUps(db, query))

  mount(
    app,
    refundStaticIp,
    ({ params, body, request }) =>
      refunds.refundStaticIp(db, actorOf(request), moneyContext(request), params.id, body.reason),
    moneyMoving,
  )
  mount(
    app,
    refundTrafficPackage,
    ({ params, body, request }) =>
      refunds.refundTrafficPackage(db, actorOf(request), moneyContext(request), params.id, body.reason),
    moneyMoving,
  )

  // The top-up service is decorated on the app after this plugin registers; it is there by the first request.
  const topUpDeps = (request: FastifyRequest) => ({ db, topups: request.server.topups })
  mount(app, checkTopUpAtGateway, ({ params, request }) => checkAtGateway(topUpDeps(request), params.orderNo))
  mount(
    app,
    markTopUpPaid,
    ({ params, body, request }) =>
      markPaid(topUpDeps(request), actorOf(request), moneyContext(request), params.orderNo, body.reason),
    moneyMoving,
  )
}

type CsvEndpoint = Endpoint & { method: 'GET'; auth: 'operator'; query: z.ZodType }

/**
 * An export: not an envelope but a text/csv attachment (like the customer's billing export), behind the
 * endpoint's permission, checked on the request line like `mount()`'s operator routes. A read, but who
 * exported what is a finance control: each export leaves an audit row (`exports.<name>`, the filters and
 * the row count as `after`).
 */
function mountCsvExport<E extends CsvEndpoint>(
  app: FastifyInstance,
  db: Db,
  endpoint: E,
  name: string,
  toCsv: (query: z.output<E['query']>) => Promise<{ csv: string; rows: number }>,
) {
  const permission = endpoint.permission ?? 'self'
  app.get(
    `/api${endpoint.path}`,
    {
      schema: {
        summary: endpoint.summary,
        tags: [...endpoint.tags],
        querystring: endpoint.query,
        security: [{ adminSession: [] }],
        description: `Operator permission: \`${permission}\`. Answers a text/csv attachment, not an envelope.`,
      },
      onRequest: (request) => app.authenticateOperator(request, permission),
    },
    async (request, reply) => {
      const query = request.query as z.output<E['query']>
      const { csv, rows } = await toCsv(query)
      await recordAudit(db, {
        operator: actorOf(request),
        action: `exports.${name}`,
        after: { ...(query as Record<string, unknown>), rows },
        ip: request.ip,
      })
      const day = new Date().toISOString().slice(0, 10)
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
        .send(csv)
    },
  )
}
