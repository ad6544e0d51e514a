import { nodeHeartbeat, nodeTraffic, nodeUsers } from '@proxy/contract/nodes/endpoints'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../../platform/db/client.ts'
import { mount } from '../../platform/route.ts'
import { heartbeat } from './node-health.ts'
import { credentialsForNodes, etagOf, pushTraffic } from './nodes.service.ts'

const nodeId = (request: FastifyRequest) => request.node?.id ?? ''

/** Nodes poll often: an unchanged list answers 304 with no body. */
async function conditional(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode !== 200 || typeof payload !== 'string') return payload
  const etag = etagOf(payload)
  reply.header('etag', etag)
  if (request.headers['if-none-match'] !== etag) return payload
  reply.code(304)
  return ''
}

export async function nodeRoutes(app: FastifyInstance, { db }: { db: Db }) {
  mount(app, nodeUsers, () => credentialsForNodes(db), { onSend: conditional })
  // 10,000 records of ~100 bytes each: more than the API's default body limit.
  mount(app, nodeTraffic, ({ request, body }) => pushTraffic(db, nodeId(request), body), {
    bodyLimit: 4 * 1024 * 1024,
  })
  mount(app, nodeHeartbeat, ({ request, body }) => heartbeat(db, nodeId(request), body))
}
