// The operator API for the dashboard: one read, open to every role (dashboard.read).
import { getAdminDashboard } from '@proxy/contract/admin/dashboard'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/client.ts'
import { mount } from '../../platform/route.ts'
import { dashboard } from './dashboard.service.ts'

export async function dashboardRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const downAfterMs = config.NODE_DOWN_AFTER_SECONDS * 1000
  mount(app, getAdminDashboard, () => dashboard(db, new Date(), downAfterMs))
}
