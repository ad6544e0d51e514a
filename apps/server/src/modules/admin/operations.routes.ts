// The operator API for inventory, nodes and notices (the operator role's pages).
import {
  importInventory,
  listInventory,
  restoreInventoryAddress,
  retireInventoryAddress,
} from '@proxy/contract/admin/inventory'
import {
  addAdminNode,
  getDestinationPolicy,
  listAdminNodes,
  listNodeRefusals,
  revokeAdminNode,
  rotateNodeToken,
  setDestinationPolicy,
} from '@proxy/contract/admin/nodes'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/client.ts'
import { mount } from '../../platform/route.ts'
import { actorOf } from './audit.ts'
import * as inventory from './operations-inventory.ts'
import { adminNodes, registerNode, revokeNodeById, rotateToken } from './operations-nodes.ts'
import * as policy from './operations-policy.ts'

export async function operationsRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const downAfterMs = config.NODE_DOWN_AFTER_SECONDS * 1000
  mount(app, listAdminNodes, () => adminNodes(db, downAfterMs))
  mount(app, addAdminNode, ({ body, request }) => registerNode(db, actorOf(request), body))
  mount(app, rotateNodeToken, ({ params, request }) =>
    rotateToken(db, actorOf(request), params.id, downAfterMs),
  )
  mount(app, revokeAdminNode, ({ params, request }) => revokeNodeById(db, actorOf(request), params.id))
  mount(app, getDestinationPolicy, () => policy.destinationPolicy(db))
  mount(app, setDestinationPolicy, ({ body, request }) =>
    policy.setDestinationPolicy(db, actorOf(request), body),
  )
  mount(app, listNodeRefusals, ({ params }) => policy.nodeRefusals(db, params.id))

  mount(app, listInventory, ({ query }) => inventory.listInventory(db, query))
  // Room for MAX_IMPORT_ROWS rows of the longest fields (the app's default is 256 KiB).
  mount(app, importInventory, ({ body, request }) => inventory.importInventory(db, actorOf(request), body), {
    bodyLimit: 2 * 1024 * 1024,
  })
  mount(app, retireInventoryAddress, ({ params, body, request }) =>
    inventory.retireAddress(db, actorOf(request), params.id, body.reason),
  )
  mount(app, restoreInventoryAddress, ({ params, body, request }) =>
    inventory.restoreAddress(db, actorOf(request), params.id, body),
  )
}
