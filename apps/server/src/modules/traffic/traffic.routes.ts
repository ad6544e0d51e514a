import {
  getTrafficAccount,
  getTrafficPlans,
  listTrafficPackages,
  resetTrafficAccountPassword,
} from '@proxy/contract/traffic/endpoints'
import { purchaseTraffic, quoteTraffic } from '@proxy/contract/traffic/purchase'
import { getTrafficUsage } from '@proxy/contract/traffic/usage'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/client.ts'
import { mount } from '../../platform/route.ts'
import { createIdempotencyHooks, moneyContext } from '../idempotency/index.ts'
import { createTrafficAccounts } from './account.service.ts'
import { listPackages } from './packages.service.ts'
import { listPlans } from './plans.service.ts'
import * as traffic from './traffic.service.ts'
import { usageSeries } from './usage.service.ts'

export async function trafficRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const idempotency = createIdempotencyHooks(db, config.IDEMPOTENCY_LEASE_SECONDS)
  const accounts = createTrafficAccounts(db, config)
  mount(app, getTrafficPlans, () => listPlans(db))
  mount(app, quoteTraffic, ({ auth, body }) => traffic.quoteTraffic(db, auth.userId, body))
  mount(
    app,
    purchaseTraffic,
    ({ auth, body, request }) => traffic.purchaseTraffic(db, auth.userId, body, moneyContext(request)),
    idempotency,
  )
  mount(app, listTrafficPackages, ({ auth, query }) => listPackages(db, auth.userId, query))
  mount(app, getTrafficAccount, ({ auth }) => accounts.view(auth.userId))
  mount(app, resetTrafficAccountPassword, ({ auth }) => accounts.resetPassword(auth.userId))
  mount(app, getTrafficUsage, ({ auth, query }) => usageSeries(db, auth.userId, query))
}
