import { nodeHeartbeat, nodeTraffic, nodeUsers } from '@proxy/contract/nodes/endpoints'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Db } from '../../platform/db/client.ts'
import { mount } from '../../platform/route.ts'
import { createNodeCredentials } from './node-credentials.ts'
import { heartbeat } from './node-health.ts'
import { pushTraffic } from './nodes.service.ts'

const nodeId = (request: FastifyRequest) => request.node?.id ?? ''

export async function nodeRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const credentials = createNodeCredentials(db)
  // Nodes poll every second or two: after the first snapshot each pull carries only what changed.
  mount(app, nodeUsers, ({ request, query }) =>
    credentials.read({ name: request.node?.name ?? '' }, query.cursor),
  )
  // 10,000 records of ~100 bytes each: more than the API's default body limit.
  mount(app, nodeTraffic, ({ request, body }) => pushTraffic(db, nodeId(request), body), {
    bodyLimit: 4 * 1024 * 1024,
  })
  mount(app, nodeHeartbeat, ({ request, body }) => heartbeat(db, nodeId(request), body))
}
