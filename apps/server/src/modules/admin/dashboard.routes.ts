// The operator API for the dashboard: one read, open to every role (dashboard.read).
import { getAdminDashboard } from '@proxy/contract/admin/dashboard'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/client.ts'
import { mount } from '../../platform/route.ts'
import { dashboard } from './dashboard.service.ts'

export async function dashboardRoutes(app: FastifyInstance, { db }: { db: Db; config: Config }) {
  mount(app, getAdminDashboard, () => dashboard(db))
}
