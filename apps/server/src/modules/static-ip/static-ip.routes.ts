import { getStaticIpCatalog } from '@proxy/contract/static-ip/catalog'
import {
  ExportQuery,
  ExportType,
  getInstance,
  listInstances,
  resetInstanceCredentials,
  updateInstance,
} from '@proxy/contract/static-ip/instances'
import {
  addIpWhitelist,
  IP_WHITELIST_MAX,
  listIpWhitelist,
  removeIpWhitelist,
} from '@proxy/contract/static-ip/ip-whitelist'
import { purchaseStaticIp, quoteStaticIp, renewInstances } from '@proxy/contract/static-ip/purchase'
import { getInstanceReplacements, replaceInstanceIp } from '@proxy/contract/static-ip/replacement'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/client.ts'
import { mount } from '../../platform/route.ts'
import { createIdempotencyHooks, moneyContext } from '../idempotency/index.ts'
import { getCatalog } from './catalog.service.ts'
import { exportInstances } from './export.service.ts'
import { listInstances as listInstancesPage } from './instance-list.ts'
import * as instances from './instances.service.ts'
import * as whitelist from './ip-whitelist.service.ts'
import * as purchases from './purchase.service.ts'
import * as renewals from './renewal.service.ts'
import * as replacements from './replacement.service.ts'

export async function staticIpRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const idempotent = createIdempotencyHooks(db, config.IDEMPOTENCY_LEASE_SECONDS)
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
    ({ auth, body, request }) => renewals.renewInstances(db, auth.userId, body, moneyContext(request)),
    idempotent,
  )

  mount(app, getStaticIpCatalog, () => getCatalog(db))
  mount(app, listInstances, ({ auth, query }) => listInstancesPage(db, auth.userId, query))
  mount(app, getInstance, ({ auth, params }) => instances.getInstance(db, auth.userId, params.id))
  mount(app, updateInstance, ({ auth, params, body }) =>
    instances.updateInstance(db, auth.userId, params.id, body),
  )
  mount(app, resetInstanceCredentials, ({ auth, params }) =>
    instances.resetCredentials(db, auth.userId, params.id, config.CREDENTIAL_RESET_LIMIT_PER_HOUR),
  )
  const cooldownDays = config.IP_REPLACEMENT_COOLDOWN_DAYS
  mount(
    app,
    replaceInstanceIp,
    ({ auth, params, body, request }) =>
      replacements.replaceInstanceIp(db, auth.userId, params.id, body, {
        cooldownDays,
        context: moneyContext(request),
      }),
    idempotent,
  )
  mount(app, getInstanceReplacements, ({ auth, params }) =>
    replacements.instanceReplacements(db, auth.userId, params.id, cooldownDays),
  )

  // A file, not an envelope: the console shows no toast for it (SPEC §8), and scripts can pipe it
  // straight into a proxy client. Streamed as it is read.
  app.get(
    '/api/proxy/instances/export/:type',
    {
      schema: {
        summary:
          'Export proxies as a file: the path picks the protocols (all, socks5, vmess; clash = all as a Clash YAML), ' +
          '`format` the file (links: socks5 URIs in `template` and vmess:// links; http: http://user:pass@ip:port ' +
          'for the socks5 lines; clash; csv with a header row; json); `ids`, or else the list filters ' +
          '(status, default active, `any` for every status; region; keyword; expiringWithinDays), pick the lines',
        tags: ['static-ip'],
        params: z.strictObject({ type: ExportType }),
        querystring: ExportQuery,
        security: [{ bearer: [] }],
        description: 'API token scope: `read`.',
      },
      onRequest: app.authenticate,
      config: { scope: 'read' },
    },
    async (request, reply) => {
      const { type } = request.params as { type: ExportType }
      const file = await exportInstances(db, request.auth?.userId ?? '', type, request.query as ExportQuery)
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body)
    },
  )

  mount(app, listIpWhitelist, async ({ auth }) => ({
    items: await whitelist.listWhitelist(db, auth.userId),
    max: IP_WHITELIST_MAX,
  }))
  mount(app, addIpWhitelist, ({ auth, body }) => whitelist.addToWhitelist(db, auth.userId, body.source))
  mount(app, removeIpWhitelist, async ({ auth, params }) => {
    await whitelist.removeFromWhitelist(db, auth.userId, params.id)
    return null
  })
}
