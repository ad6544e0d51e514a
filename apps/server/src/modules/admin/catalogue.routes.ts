// The operator API for the catalogue: regions, traffic plans and term discounts (catalogue.manage).
import {
  createAdminPlan,
  createAdminRegion,
  getAdminCatalogue,
  setAdminDiscounts,
  updateAdminPlan,
  updateAdminRegion,
} from '@proxy/contract/admin/catalogue'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/client.ts'
import { mount } from '../../platform/route.ts'
import { actorOf } from './audit.ts'
import * as catalogue from './catalogue.service.ts'

export async function catalogueRoutes(app: FastifyInstance, { db }: { db: Db; config: Config }) {
  mount(app, getAdminCatalogue, () => catalogue.adminCatalogue(db))
  mount(app, createAdminRegion, ({ body, request }) => catalogue.createRegion(db, actorOf(request), body))
  mount(app, updateAdminRegion, ({ params, body, request }) =>
    catalogue.updateRegion(db, actorOf(request), params.id, body),
  )
  mount(app, createAdminPlan, ({ body, request }) => catalogue.createPlan(db, actorOf(request), body))
  mount(app, updateAdminPlan, ({ params, body, request }) =>
    catalogue.updatePlan(db, actorOf(request), params.id, body),
  )
  mount(app, setAdminDiscounts, ({ body, request }) => catalogue.setDiscounts(db, actorOf(request), body))
}
