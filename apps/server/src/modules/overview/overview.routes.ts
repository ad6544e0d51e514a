import { getOverview } from '@proxy/contract/overview/endpoints'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../platform/db/client.ts'
import { mount } from '../../platform/route.ts'
import { overviewSummary } from './overview.service.ts'

export async function overviewRoutes(app: FastifyInstance, { db }: { db: Db }) {
  mount(app, getOverview, ({ auth }) => overviewSummary(db, auth.userId))
}
