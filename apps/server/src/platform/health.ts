import type { FastifyInstance } from 'fastify'
import { type Db, isDatabaseReachable } from './db/client.ts'

/** Liveness (the process answers) and readiness (the database answers), for load balancers. */
export async function registerHealth(app: FastifyInstance, db: Db) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }))
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const isReady = await isDatabaseReachable(db)
    return reply.code(isReady ? 200 : 503).send({ status: isReady ? 'ready' : 'database unreachable' })
  })
}
