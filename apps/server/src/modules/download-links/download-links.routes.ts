// The customer's download links (console and API), and the public GET /api/dl/:secret that tools
// fetch without a session: the link's lines, exactly as the signed-in export writes them.
import {
  createDownloadLink,
  DOWNLOAD_LINK_PATH,
  DOWNLOAD_LINKS_MAX,
  deleteDownloadLink,
  listDownloadLinks,
  resetDownloadLink,
} from '@proxy/contract/static-ip/download-links'
import { ExportQuery } from '@proxy/contract/static-ip/instances'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { assertScope } from '../../platform/auth-context.ts'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { mount } from '../../platform/route.ts'
import { hashToken } from '../auth/index.ts'
import { exportInstances } from '../static-ip/index.ts'
import * as links from './download-links.service.ts'

const SecretParams = z.strictObject({ secret: z.string().max(200) })

export async function downloadLinkRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  mount(app, listDownloadLinks, async ({ auth }) => ({
    items: await links.listLinks(db, auth.userId),
    max: DOWNLOAD_LINKS_MAX,
  }))
  // A link reads the lines: a token that may manage but not read must not make itself a way to read.
  mount(app, createDownloadLink, ({ auth, body }) => {
    assertScope(auth, 'read')
    return links.createLink(db, auth.userId, body, config.publicUrl)
  })
  mount(app, resetDownloadLink, ({ auth, params }) => {
    assertScope(auth, 'read')
    return links.resetLink(db, auth.userId, params.id, config.publicUrl)
  })
  mount(app, deleteDownloadLink, async ({ auth, params }) => {
    await links.deleteLink(db, auth.userId, params.id)
    return null
  })

  const secretOf = (request: FastifyRequest) => (request.params as { secret?: string }).secret ?? ''
  // Per link (keyed by the secret's hash, never the secret): a tool polling too fast gets 429.
  const perLink = app.rateLimit({
    max: config.DOWNLOAD_LINK_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: (request) => `dl:${hashToken(secretOf(request))}`,
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  })
  // Plain text whatever the format, sent as it is read, never cached, never indexed: the URL is the
  // credential, so nothing keeps a copy (the request log shows it redacted, log-redaction.ts).
  app.get(
    `/api${DOWNLOAD_LINK_PATH}`,
    {
      schema: {
        summary:
          "A download link's lines as text/plain, no sign-in: your active static IPs in the link's format, " +
          'protocol and region, as GET /proxy/instances/export writes them; 404 once the link is reset or deleted',
        tags: ['static-ip'],
        params: SecretParams,
        security: [],
      },
      onRequest: perLink,
    },
    async (request, reply) => {
      const link = await links.openLink(db, secretOf(request), request.ip)
      if (!link) throw new AppError('NOT_FOUND')
      const query = ExportQuery.parse({
        format: link.format,
        template: link.template,
        ...(link.regionId && { region: link.regionId }),
      })
      const file = await exportInstances(db, link.userId, link.protocol, query)
      return reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .header('x-robots-tag', 'noindex, nofollow')
        .send(file.body)
    },
  )
}
