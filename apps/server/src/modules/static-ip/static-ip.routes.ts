import { purchaseStaticIp, quoteStaticIp, renewInstances } from '@proxy/contract/orders/endpoints'
import { getStaticIpCatalog } from '@proxy/contract/static-ip/catalog'
import {
  ExportQuery,
  ExportType,
  getInstance,
  listInstances,
  resetInstanceCredentials,
  updateInstance,
} from '@proxy/contract/static-ip/instances'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/client.ts'
import { mount } from '../../platform/route.ts'
import { createIdempotencyHooks, moneyContext } from '../idempotency/index.ts'
import { getCatalog } from './catalog.service.ts'
import { clashYaml, socks5Line, vmessLine } from './export-formats.ts'
import * as instances from './instances.service.ts'
import * as purchases from './purchase.service.ts'

export async function staticIpRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
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

  mount(app, getStaticIpCatalog, () => getCatalog(db))
  mount(app, listInstances, ({ auth, query }) => instances.listInstances(db, auth.userId, query))
  mount(app, getInstance, ({ auth, params }) => instances.getInstance(db, auth.userId, params.id))
  mount(app, updateInstance, ({ auth, params, body }) =>
    instances.updateInstance(db, auth.userId, params.id, body),
  )
  mount(app, resetInstanceCredentials, ({ auth, params }) =>
    instances.resetCredentials(db, auth.userId, params.id),
  )

  // A plain-text attachment, not an envelope: the console shows no toast for it (SPEC §8), and
  // scripts can pipe it straight into a proxy client.
  app.get(
    '/api/proxy/instances/export/:type',
    {
      schema: {
        summary: 'Export proxies: socks5 URIs, vmess links, both (all), or a Clash YAML file',
        tags: ['static-ip'],
        params: z.strictObject({ type: ExportType }),
        querystring: ExportQuery,
        security: [{ bearer: [] }],
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const { type } = request.params as { type: z.infer<typeof ExportType> }
      const query = request.query as ExportQuery
      const rows = await instances.instancesForExport(db, request.auth?.userId ?? '', query.ids, query.status)
      const lines = rows
        .filter((row) => type === 'all' || type === 'clash' || row.protocol === type)
        .map(instances.toExportLine)
      const day = new Date().toISOString().slice(0, 10)
      if (type === 'clash')
        return reply
          .type('text/yaml; charset=utf-8')
          .header('content-disposition', `attachment; filename="proxies-clash-${day}.yaml"`)
          .send(clashYaml(lines))
      const text = lines
        .map((line) => (line.protocol === 'vmess' ? vmessLine(line) : socks5Line(line, query.template)))
        .join('\n')
      return reply
        .type('text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="proxies-${type}-${day}.txt"`)
        .send(text ? `${text}\n` : '')
    },
  )
}
