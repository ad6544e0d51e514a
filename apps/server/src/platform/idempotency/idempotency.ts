// Idempotency-Key for money-moving POSTs (DESIGN §4): per customer; same key and body → the
// stored first answer; another body → 422; the first still running → 409. Validation runs
// before this hook, so validation failures are never stored; 5xx answers are not kept either.
import { createHash } from 'node:crypto'
import { and, eq, lt } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest, onSendHookHandler, preHandlerHookHandler } from 'fastify'
import type { Db } from '../db/client.ts'
import { AppError } from '../errors.ts'
import { idempotencyKeys } from './idempotency.schema.ts'

export const IDEMPOTENCY_HEADER = 'idempotency-key'
export const KEEP_HOURS = 24
const VALID_KEY = /^[\x21-\x7e]{1,255}$/

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyKey: string | null
  }
}

const fingerprint = (request: FastifyRequest) =>
  createHash('sha256')
    .update(JSON.stringify([request.method, request.routeOptions.url, request.params, request.body ?? null]))
    .digest('hex')

export function createIdempotencyHooks(db: Db): {
  preHandler: preHandlerHookHandler
  onSend: onSendHookHandler
} {
  const preHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = request.headers[IDEMPOTENCY_HEADER]
    if (key === undefined) return
    if (typeof key !== 'string' || !VALID_KEY.test(key))
      throw new AppError('VALIDATION_FAILED', null, 'Idempotency-Key: 1 to 255 visible ASCII characters')
    const userId = request.auth?.userId
    if (!userId) throw new AppError('UNAUTHORIZED')
    const requestHash = fingerprint(request)
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ userId, key, requestHash, status: 'running' })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key })
    if (claimed.length > 0) {
      request.idempotencyKey = key
      return
    }
    const [first] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    if (!first || first.status === 'running') throw new AppError('IDEMPOTENCY_IN_PROGRESS')
    if (first.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED')
    return reply
      .code(first.responseStatus ?? 200)
      .header('idempotent-replayed', 'true')
      .type('application/json; charset=utf-8')
      .send(first.responseBody)
  }

  const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const key = request.idempotencyKey
    const userId = request.auth?.userId
    if (!key || !userId) return payload
    const row = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key))
    if (reply.statusCode >= 500) await db.delete(idempotencyKeys).where(row)
    else
      await db
        .update(idempotencyKeys)
        .set({ status: 'done', responseStatus: reply.statusCode, responseBody: String(payload) })
        .where(row)
    return payload
  }
  return { preHandler, onSend }
}

/** The audit context of a customer's money-moving request: who, which request, which key. */
export const moneyContext = (request: FastifyRequest) => ({
  actor: `user:${request.auth?.userId}`,
  requestId: request.id,
  idempotencyKey: request.idempotencyKey ?? undefined,
})

/** Job: forget answers older than the promised window. */
export async function purgeIdempotencyKeys(db: Db, now = new Date()) {
  const cutoff = new Date(now.getTime() - KEEP_HOURS * 3600 * 1000)
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, cutoff))
}
