// Orders are records: the customer's list and one order with what it bought. Products write them
// with placePaidOrder inside their own money transactions.
import { getOrder, listOrders } from '@proxy/contract/orders/endpoints'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../platform/db/client.ts'
import { mount } from '../../platform/route.ts'
import type { InstancesReader, ReplacementsReader } from './orders.service.ts'
import * as ordersService from './orders.service.ts'

export async function orderRoutes(
  app: FastifyInstance,
  {
    db,
    instancesOf,
    replacementsOf,
  }: { db: Db; instancesOf: InstancesReader; replacementsOf: ReplacementsReader },
) {
  mount(app, listOrders, ({ auth, query }) => ordersService.listOrders(db, auth.userId, query))
  mount(app, getOrder, ({ auth, params }) =>
    ordersService.getOrder(db, auth.userId, params.orderNo, { instancesOf, replacementsOf }),
  )
}
