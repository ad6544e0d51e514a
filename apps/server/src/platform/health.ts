import type { FastifyInstance, FastifyReply } from 'fastify'
import { type Db, isDatabaseReachable } from './db/client.ts'
import { registerDrain } from './drain.ts'
import { AppError } from './errors.ts'

/**
 * Liveness (the process answers) and readiness (the database answers and no shutdown has begun),
 * for load balancers. A replica that is not ready answers 503 in the API's envelope.
 */
export async function registerHealth(app: FastifyInstance, db: Db) {
  registerDrain(app)
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }))
  // Answered here rather than thrown: a balancer polls it every 250 ms, and a replica that is
  // shutting down is no failure for the error log.
  const notReady = (reply: FastifyReply, reason: string) => {
    const error = new AppError('SERVICE_UNAVAILABLE', null, reason)
    return reply.code(error.status).send({ code: error.code, message: error.message, data: error.details })
  }
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    if (app.isDraining()) return notReady(reply, 'Shutting down')
    if (!(await isDatabaseReachable(db))) return notReady(reply, 'Database unreachable')
    return { status: 'ready' }
  })
}
