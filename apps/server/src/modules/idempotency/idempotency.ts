// Idempotency-Key for money-moving POSTs (DESIGN §4): per customer; same key and body → the
// stored first answer; another body → 422; the first still running → 409. Validation runs
// before these hooks, so validation failures are never stored; 5xx answers are not kept either.
//
// One way to settle a paid request: the key is claimed and the answer recorded in the money
// transaction itself. The service's first statement claims it (`claimed`, or the CTE `claimCte` of a
// statement it runs anyway) and its last records the answer (`settled`, `settledCte`), so the key
// says "done" exactly when the money moved, and a crash leaves nothing behind. The claim takes a
// transaction-scoped advisory lock: a second request with the key answers 409 at once instead of
// waiting for the first. When the claim finds the key taken, the service stops (its transaction
// rolls back) and the route answers for the key, through `around`: the stored answer, 409 or 422. A
// refusal that moved no money is stored after the fact, by `onSend`.
import { createHash, randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { ANSWERED, type AroundHandler, type MountOptions } from '../../platform/route.ts'
import { type Claim, KeyTaken, ownClaim } from './claim.ts'
import { type IdempotencyScope, idempotencyKeys } from './idempotency.schema.ts'

export const IDEMPOTENCY_HEADER = 'idempotency-key'
/** What is logged when an idempotent route answered without claiming its key (a bug; tests fail on it). */
export const UNCLAIMED_KEY = 'answered without claiming its Idempotency-Key'
const VALID_KEY = /^[\x21-\x7e]{1,255}$/

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim: Claim | null
  }
}

const fingerprint = (request: FastifyRequest) =>
  createHash('sha256')
    .update(JSON.stringify([request.method, request.routeOptions.url, request.params, request.body ?? null]))
    .digest('hex')

/** The stored first answer of a key: its status and body, marked as a replay. */
const replayStored = (reply: FastifyReply, first: typeof idempotencyKeys.$inferSelect) =>
  reply
    .code(first.responseStatus ?? 200)
    .header('idempotent-replayed', 'true')
    .type('application/json; charset=utf-8')

/** The row a key holds now (committed), if any. */
async function storedUnder(db: Db, claim: Claim) {
  const [first] = await db
    .select()
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.scope, claim.scope),
        eq(idempotencyKeys.userId, claim.userId),
        eq(idempotencyKeys.key, claim.key),
      ),
    )
  return first
}

/**
 * The hooks of an idempotent route, as the options to mount it with (all three together: without
 * `around` a taken key would answer 500). Keys belong to the customer (`customer` scope) or to the operator
 * (`operator` scope, for console writes): one's key never answers for another. `required`: a request
 * without a key is refused (400). The route's service claims the key in its transaction (see the
 * top of this file); `around` answers when the key was taken.
 */
export function createIdempotencyHooks(
  db: Db,
  leaseSeconds: number,
  { scope = 'customer', required = false }: { scope?: IdempotencyScope; required?: boolean } = {},
): Required<Pick<MountOptions, 'preHandler' | 'onSend' | 'around'>> {
  const preHandler = async (request: FastifyRequest) => {
    const key = request.headers[IDEMPOTENCY_HEADER]
    if (key === undefined) {
      if (!required) return
      throw new AppError('VALIDATION_FAILED', null, 'Idempotency-Key: this request needs one')
    }
    if (typeof key !== 'string' || !VALID_KEY.test(key))
      throw new AppError('VALIDATION_FAILED', null, 'Idempotency-Key: 1 to 255 visible ASCII characters')
    const userId = scope === 'operator' ? request.operator?.operatorId : request.auth?.userId
    if (!userId) throw new AppError('UNAUTHORIZED')
    request.idempotencyClaim = {
      scope,
      userId,
      key,
      claimId: randomUUID(),
      requestHash: fingerprint(request),
      isClaimed: false,
      isSettled: false,
      isAnswered: false,
      leaseSeconds,
    }
  }

  /**
   * Runs the service. A key that holds an answer wins over what the service said: a taken claim
   * (KeyTaken), or a refusal it gave before its claim (a retry of a refund finds it refunded), is
   * answered with the stored first answer; a key another request holds, 409; another body, 422.
   */
  const around: AroundHandler = async (request, reply, run) => {
    const claim = request.idempotencyClaim
    if (!claim) return run()
    try {
      const answer = await run()
      // Every idempotent service claims its key. One that did not is a bug, but its money has moved:
      // it answers, and onSend stores that answer, so a retry is still answered once.
      if (!claim.isClaimed) request.log.error({ route: request.routeOptions.url }, UNCLAIMED_KEY)
      return answer
    } catch (error) {
      const isTaken = error instanceof KeyTaken
      const isRefusal = error instanceof AppError && error.status < 500 && !claim.isClaimed
      if (!isTaken && !isRefusal) throw error
      const first = await storedUnder(db, claim)
      if (!first) {
        if (isTaken) throw new AppError('IDEMPOTENCY_IN_PROGRESS')
        throw error
      }
      claim.isAnswered = true
      if (first.requestHash !== claim.requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED')
      if (first.status === 'running') throw new AppError('IDEMPOTENCY_IN_PROGRESS')
      replayStored(reply, first).send(first.responseBody)
      return ANSWERED
    }
  }

  // Answers that moved no money (a refusal such as insufficient balance) are kept here, after the
  // fact: their transaction rolled the claim back. A 5xx leaves the key free, so a retry runs afresh.
  const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const claim = request.idempotencyClaim
    if (!claim || claim.isAnswered || (claim.isSettled && reply.statusCode < 300)) return payload
    if (reply.statusCode >= 500) {
      await db.delete(idempotencyKeys).where(ownClaim(claim))
      return payload
    }
    const answered = {
      status: 'done' as const,
      responseStatus: reply.statusCode,
      responseBody: String(payload),
      leaseUntil: null,
    }
    // A new row; or our own claim, should its transaction have committed without an answer.
    await db
      .insert(idempotencyKeys)
      .values({
        ...answered,
        scope: claim.scope,
        userId: claim.userId,
        key: claim.key,
        requestHash: claim.requestHash,
      })
      .onConflictDoUpdate({
        target: [idempotencyKeys.scope, idempotencyKeys.userId, idempotencyKeys.key],
        set: answered,
        setWhere: ownClaim(claim),
      })
    return payload
  }
  return { preHandler: [preHandler], onSend, around }
}
