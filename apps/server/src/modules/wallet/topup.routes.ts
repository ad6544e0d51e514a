import { cancelTopUp, createTopUp, getTopUp, listTopUps } from '@proxy/contract/wallet/topups'
import {
  exportTransactionsPath,
  listTransactions as listTransactionsEndpoint,
  TransactionExportQuery,
} from '@proxy/contract/wallet/transactions'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { mount } from '../../platform/route.ts'
import { profiles } from '../auth/index.ts'
import { createIdempotencyHooks, moneyContext } from '../idempotency/index.ts'
import { DEFAULT_TIME_ZONE, exportTransactionsCsv, listTransactions } from '../ledger/index.ts'
import type { TopUpService } from './topup.service.ts'

type Deps = { db: Db; config: Config; topups: TopUpService }

export async function topUpRoutes(app: FastifyInstance, { db, config, topups }: Deps) {
  const readProfile = profiles.createProfileReader(db)
  const idempotency = createIdempotencyHooks(db, config.IDEMPOTENCY_LEASE_SECONDS)
  const perCustomer = app.rateLimit({
    max: config.TOPUP_LIMIT_PER_HOUR,
    timeWindow: '1 hour',
    keyGenerator: (request) => `topup:${request.auth?.userId}`,
    errorResponseBuilder: () => new AppError('TOPUP_RATE_LIMITED'),
  })

  mount(
    app,
    createTopUp,
    ({ auth, body, request }) => topups.create(auth.userId, body, moneyContext(request)),
    { ...idempotency, preHandler: [perCustomer, ...idempotency.preHandler] },
  )
  mount(app, listTopUps, ({ auth, query }) => topups.list(auth.userId, query))
  mount(app, getTopUp, ({ auth, params, request }) =>
    topups.get(auth.userId, params.orderNo, moneyContext(request)),
  )
  mount(app, cancelTopUp, ({ auth, params }) => topups.cancel(auth.userId, params.orderNo))
  mount(app, listTransactionsEndpoint, ({ auth, query }) => listTransactions(db, auth.userId, query))

  app.get(
    `/api${exportTransactionsPath}`,
    {
      schema: {
        summary: 'Wallet entries of the filtered range as a CSV file (UTF-8 with BOM)',
        tags: ['wallet'],
        querystring: TransactionExportQuery,
        security: [{ bearer: [] }],
        description: 'API token scope: `read`.',
      },
      onRequest: app.authenticate,
      config: { scope: 'read' },
    },
    async (request, reply) => {
      const { lang, ...filter } = request.query as TransactionExportQuery
      const userId = request.auth?.userId ?? ''
      // The SPEC fixes Accept-Language at zh-CN: the account says how its reader reads.
      const account = await readProfile(userId)
      const csv = await exportTransactionsCsv(db, userId, filter, {
        language: lang ?? account.language ?? 'zh-CN',
        timeZone: account.timeZone ?? DEFAULT_TIME_ZONE,
      })
      const day = new Date().toISOString().slice(0, 10)
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="billing-${day}.csv"`)
        .send(csv)
    },
  )
}
