// The customer's receipts (list, document, PDF) and billing details; the operator's company details
// and receipt search. Documents are read-only: issuing happens when they are first listed.
import {
  downloadAdminReceiptPdf,
  getAdminReceipt,
  getCompanySettings,
  listAdminReceipts,
  updateCompanySettings,
} from '@proxy/contract/admin/receipts'
import type { Endpoint } from '@proxy/contract/endpoint'
import {
  DocumentIdParams,
  downloadReceiptPdf,
  getBillingDetails,
  getReceipt,
  listReceipts,
  ReceiptPdfQuery,
  updateBillingDetails,
} from '@proxy/contract/receipts/endpoints'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/client.ts'
import { mount } from '../../platform/route.ts'
import { actorOf } from '../admin/index.ts'
import { profiles } from '../auth/index.ts'
import type { DocumentRow } from './issue.service.ts'
import { renderPdf } from './pdf.ts'
import * as receipts from './receipts.service.ts'
import * as settings from './settings.service.ts'

type Deps = { db: Db; config: Config }

export async function receiptRoutes(app: FastifyInstance, { db }: Deps) {
  const readProfile = profiles.createProfileReader(db)

  mount(app, listReceipts, ({ auth, query }) => receipts.listReceipts(db, auth.userId, query))
  mount(app, getReceipt, async ({ auth, params }) =>
    receipts.toDocument(await receipts.findDocument(db, params.id, auth.userId)),
  )
  mount(app, getBillingDetails, ({ auth }) => settings.billingDetailsOf(db, auth.userId))
  mount(app, updateBillingDetails, ({ auth, body }) => settings.updateBillingDetails(db, auth.userId, body))

  mount(app, getCompanySettings, () => settings.companySettings(db))
  mount(app, updateCompanySettings, ({ body, request }) =>
    settings.updateCompanySettings(db, actorOf(request), body),
  )
  mount(app, listAdminReceipts, ({ query }) => receipts.searchDocuments(db, query))
  mount(app, getAdminReceipt, async ({ params }) =>
    receipts.toDocument(await receipts.findDocument(db, params.id)),
  )

  /** The PDF in the language asked for, else the customer's own (zh-CN when they chose none). */
  const pdfOf = async (row: DocumentRow, lang: ReceiptPdfQuery['lang']) => ({
    number: row.number,
    bytes: await renderPdf(
      receipts.toDocument(row),
      lang ?? (await readProfile(row.userId)).language ?? 'zh-CN',
    ),
  })

  mountPdf(app, downloadReceiptPdf, app.authenticate, async (request, id, lang) =>
    pdfOf(await receipts.findDocument(db, id, request.auth?.userId ?? ''), lang),
  )
  mountPdf(
    app,
    downloadAdminReceiptPdf,
    (request) => app.authenticateOperator(request, downloadAdminReceiptPdf.permission),
    async (_request, id, lang) => pdfOf(await receipts.findDocument(db, id), lang),
  )
}

/**
 * A PDF answer: not an envelope but an application/pdf attachment, so mounted by hand (as the CSV
 * exports are) with the endpoint's schemas, and its credentials checked on the request line first.
 */
function mountPdf(
  app: FastifyInstance,
  endpoint: Endpoint & { method: 'GET' },
  guard: (request: FastifyRequest) => Promise<void>,
  render: (
    request: FastifyRequest,
    id: string,
    lang: ReceiptPdfQuery['lang'],
  ) => Promise<{ number: string; bytes: Buffer }>,
) {
  const isOperator = endpoint.auth === 'operator'
  app.get(
    `/api${endpoint.path}`,
    {
      schema: {
        summary: endpoint.summary,
        tags: [...endpoint.tags],
        params: DocumentIdParams,
        querystring: ReceiptPdfQuery,
        security: isOperator ? [{ adminSession: [] }] : [{ bearer: [] }],
        description: `${isOperator ? `Operator permission: \`${endpoint.permission}\`. ` : ''}${endpoint.scope ? `API token scope: \`${endpoint.scope}\`. ` : ''}Answers an application/pdf attachment, not an envelope.`,
      },
      onRequest: guard,
      // A customer's PDF takes API tokens: the scope authenticate checks (modules/auth/auth-plugin.ts).
      ...(endpoint.scope && { config: { scope: endpoint.scope } }),
    },
    async (request, reply) => {
      const { id } = request.params as { id: string }
      const { lang } = request.query as ReceiptPdfQuery
      const { number, bytes } = await render(request, id, lang)
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(bytes)
    },
  )
}
