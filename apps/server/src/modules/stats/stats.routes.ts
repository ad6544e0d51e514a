import {
  getStatsSettings,
  getTopDestinations,
  getTunnelStats,
  listStatsSubjects,
  updateStatsSettings,
} from '@proxy/contract/stats/endpoints'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../platform/db/client.ts'
import { mount } from '../../platform/route.ts'
import { readStatsSettings, topDestinations, writeStatsSettings } from './destinations.service.ts'
import { statsSubjects } from './subjects.service.ts'
import { tunnelStatsSeries } from './tunnel-stats.service.ts'

export async function statsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  mount(app, getTunnelStats, ({ auth, query }) => tunnelStatsSeries(db, auth.userId, query))
  mount(app, listStatsSubjects, ({ auth }) => statsSubjects(db, auth.userId))
  mount(app, getTopDestinations, ({ auth, query }) => topDestinations(db, auth.userId, query))
  mount(app, getStatsSettings, ({ auth }) => readStatsSettings(db, auth.userId))
  mount(app, updateStatsSettings, ({ auth, body }) => writeStatsSettings(db, auth.userId, body))
}
