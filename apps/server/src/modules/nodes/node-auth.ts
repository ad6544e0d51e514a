// Node tokens ("nt_…") authenticate only node routes, and customer tokens only customer routes.
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { hashToken } from '../auth/index.ts'
import { nodes } from './nodes.schema.ts'

export const NODE_TOKEN_PREFIX = 'nt_'
const NODE_BEARER = /^Bearer (nt_[A-Za-z0-9_-]{43})$/

declare module 'fastify' {
  interface FastifyInstance {
    authenticateNode: (request: FastifyRequest) => Promise<void>
  }
  interface FastifyRequest {
    node: { id: string; name: string } | null
  }
}

export const nodeAuthPlugin = fp(async (app: FastifyInstance, { db }: { db: Db }) => {
  const findNode = db
    .select({ id: nodes.id, name: nodes.name })
    .from(nodes)
    .where(and(eq(nodes.tokenHash, sql.placeholder('hash')), isNull(nodes.revokedAt)))
    .prepare('find_node')
  app.decorateRequest('node', null)
  app.decorate('authenticateNode', async (request: FastifyRequest) => {
    const token = NODE_BEARER.exec(request.headers.authorization ?? '')?.[1]
    const [node] = token ? await findNode.execute({ hash: hashToken(token) }) : []
    if (!node) throw new AppError('UNAUTHORIZED')
    request.node = node
  })
})
