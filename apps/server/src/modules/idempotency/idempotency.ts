// Idempotency-Key for money-moving POSTs (DESIGN §4): per customer; same key and body → the
// stored first answer; another body → 422; the first still running → 409. Validation runs
// before this hook, so validation failures are never stored; 5xx answers are not kept either.
//
// A request claims its key with a lease. The service records its answer through `settle` inside
// the same transaction as the money movement, so the key says "done" exactly when the money
// moved. A crash leaves a running claim whose lease runs out; a retry then takes it over and runs
// afresh, and the lost request (should it still be alive) can no longer record its answer, so its
// transaction rolls back instead of moving money twice.
//
// A hot route may claim its key inside its own money transaction instead (`inTransaction`): the
// service runs `context.claim` as part of its first statement, so the claim, the money and the
// answer commit together — one commit and one round trip fewer, and nothing to lease, since a crash
// rolls the claim back with the rest. An advisory lock keeps "the first still running → 409".
import { createHash, randomUUID } from 'node:crypto'
import { and, eq, lt, type SQL, sql } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest, onSendHookHandler, preHandlerHookHandler } from 'fastify'
import type { z } from 'zod'
import type { Db, Tx } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { StreamedAnswer } from '../../platform/streamed-answer.ts'
import { type IdempotencyScope, idempotencyKeys } from './idempotency.schema.ts'

export const IDEMPOTENCY_HEADER = 'idempotency-key'
export const KEEP_HOURS = 24
const VALID_KEY = /^[\x21-\x7e]{1,255}$/

type Claim = {
  scope: IdempotencyScope
  userId: string
  key: string
  claimId: string
  requestHash: string
  isSettled: boolean
  /** Claimed by the service inside its transaction (see `claimFor`), not by the preHandler. */
  inTransaction: boolean
  /** The lease a claim takes (an in-transaction one outlives no crash, but a takeover needs one). */
  leaseSeconds: number
  /** Another request held the key (its answer, a 409 or a 422 was sent): nothing of this one is recorded. */
  wasTaken?: boolean
}
/** Records a successful answer in the caller's transaction; throws when the claim was lost. */
export type Settle = (tx: Tx, data: unknown) => Promise<void>
/**
 * The statement that records a successful answer; it returns no row when the claim was lost. `onlyIf`
 * orders it after the caller's locks: a CTE that references the caller's debit runs after the debit,
 * so a request that waited on the wallet past its lease sees the retry's takeover and records nothing.
 */
type Settlement = (data: unknown, onlyIf?: SQL) => SQL

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim: Claim | null
  }
}

const fingerprint = (request: FastifyRequest) =>
  createHash('sha256')
    .update(JSON.stringify([request.method, request.routeOptions.url, request.params, request.body ?? null]))
    .digest('hex')

const ownClaim = (claim: Claim) =>
  and(
    eq(idempotencyKeys.scope, claim.scope),
    eq(idempotencyKeys.userId, claim.userId),
    eq(idempotencyKeys.key, claim.key),
    eq(idempotencyKeys.claimId, claim.claimId),
    eq(idempotencyKeys.status, 'running'),
  )

const leaseOf = (claim: Claim) => sql`now() + make_interval(secs => ${claim.leaseSeconds}::int)`

/** A key another request may take over: a running claim with the same body whose lease has run out (its request died). */
const lapsedWithSameBody = (requestHash: string) => sql`${idempotencyKeys.status} = 'running'
  and coalesce(${idempotencyKeys.leaseUntil} < now(), true)
  and ${idempotencyKeys.requestHash} = ${requestHash}::text`

/** The stored first answer of a key: its status and body, marked as a replay. */
const replayStored = (reply: FastifyReply, first: typeof idempotencyKeys.$inferSelect) =>
  reply
    .code(first.responseStatus ?? 200)
    .header('idempotent-replayed', 'true')
    .type('application/json; charset=utf-8')

/** Why a key could not be claimed: another body under it (422), still running (409), or its stored answer. */
async function takenKey(db: Db, claim: Pick<Claim, 'scope' | 'userId' | 'key' | 'requestHash'>) {
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
  if (first && first.requestHash !== claim.requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED')
  if (!first || first.status === 'running') throw new AppError('IDEMPOTENCY_IN_PROGRESS')
  return first
}

/**
 * The hooks of an idempotent route. Keys belong to the customer (`customer` scope) or to the operator
 * (`operator` scope, for console writes): one's key never answers for another. `required`: a request
 * without a key is refused (400). `inTransaction`: the service claims the key itself, through
 * `context.claim`, and the route runs it through `claimedInTransaction` (see the top of this file).
 */
export function createIdempotencyHooks(
  db: Db,
  leaseSeconds: number,
  {
    scope = 'customer',
    required = false,
    inTransaction = false,
  }: { scope?: IdempotencyScope; required?: boolean; inTransaction?: boolean } = {},
): { preHandler: preHandlerHookHandler; onSend: onSendHookHandler } {
  const preHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = request.headers[IDEMPOTENCY_HEADER]
    if (key === undefined) {
      if (!required) return
      throw new AppError('VALIDATION_FAILED', null, 'Idempotency-Key: this request needs one')
    }
    if (typeof key !== 'string' || !VALID_KEY.test(key))
      throw new AppError('VALIDATION_FAILED', null, 'Idempotency-Key: 1 to 255 visible ASCII characters')
    const userId = scope === 'operator' ? request.operator?.operatorId : request.auth?.userId
    if (!userId) throw new AppError('UNAUTHORIZED')
    const requestHash = fingerprint(request)
    const claim: Claim = {
      scope,
      userId,
      key,
      claimId: randomUUID(),
      requestHash,
      isSettled: false,
      inTransaction,
      leaseSeconds,
    }
    if (inTransaction) {
      request.idempotencyClaim = claim
      return
    }
    const { claimId } = claim
    const leaseUntil = leaseOf(claim)
    // A new key, or a running claim with the same body whose lease has run out (its request died).
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ scope, userId, key, requestHash, status: 'running', claimId, leaseUntil })
      .onConflictDoUpdate({
        target: [idempotencyKeys.scope, idempotencyKeys.userId, idempotencyKeys.key],
        set: { claimId, leaseUntil, createdAt: sql`now()` },
        setWhere: lapsedWithSameBody(requestHash),
      })
      .returning({ key: idempotencyKeys.key })
    if (claimed.length > 0) {
      request.idempotencyClaim = claim
      return
    }
    const first = await takenKey(db, { scope, userId, key, requestHash })
    return replayStored(reply, first).send(first.responseBody)
  }

  // Answers that moved no money (a refusal such as insufficient balance) are kept here, after
  // the fact; a 5xx frees the key so a retry runs afresh.
  const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const claim = request.idempotencyClaim
    // Settled in the money transaction. (A failure after settle() rolled that back: keep it below.)
    if (!claim || claim.wasTaken || (claim.isSettled && reply.statusCode < 300)) return payload
    const answered = {
      status: 'done' as const,
      responseStatus: reply.statusCode,
      responseBody: String(payload),
      leaseUntil: null,
    }
    if (claim.inTransaction) {
      // The claim rolled back with the money transaction: a refusal is recorded now, unless a
      // retry has claimed the key meanwhile; a 5xx leaves the key free.
      if (reply.statusCode < 500)
        await db
          .insert(idempotencyKeys)
          .values({
            ...answered,
            scope: claim.scope,
            userId: claim.userId,
            key: claim.key,
            requestHash: claim.requestHash,
          })
          .onConflictDoNothing()
    } else if (reply.statusCode >= 500) await db.delete(idempotencyKeys).where(ownClaim(claim))
    else await db.update(idempotencyKeys).set(answered).where(ownClaim(claim))
    return payload
  }
  return { preHandler, onSend }
}

/** The body stored for a successful answer: the envelope, serialised by the route's own response schema. */
function storedBody(request: FastifyRequest, data: unknown): string {
  const schema = (request.routeOptions.schema?.response as Record<number, z.ZodType> | undefined)?.[200]
  const envelope = { code: 0, message: 'ok', data }
  return JSON.stringify(schema ? schema.parse(envelope) : envelope)
}

const recordAnswer = (claim: Claim, body: string, onlyIf: SQL = sql`true`) => sql`
  update ${idempotencyKeys}
  set status = 'done', response_status = 200, response_body = ${body}::text, lease_until = null
  where scope = ${claim.scope}::text and user_id = ${claim.userId}::uuid and key = ${claim.key}::text
    and claim_id = ${claim.claimId}::uuid and status = 'running' and ${onlyIf}
  returning 1`

/** Writes the envelope the route will answer, serialised by the route's own response schema. */
function settleFor(request: FastifyRequest): Settle | undefined {
  const claim = request.idempotencyClaim
  if (!claim) return undefined
  return async (tx, data) => {
    const recorded = (await tx.execute(recordAnswer(claim, storedBody(request, data)))) as unknown as {
      rows: unknown[]
    }
    // Our lease ran out and a retry took the key over: it moves the money, we must not.
    if (recorded.rows.length === 0) throw new AppError('IDEMPOTENCY_IN_PROGRESS')
    claim.isSettled = true
  }
}

/**
 * settle() as a statement (UPDATE … RETURNING 1) for the caller to run inside its own statement, a
 * round trip saved on a hot path: the caller must throw IDEMPOTENCY_IN_PROGRESS when it returned no
 * row (the claim was lost), which rolls its transaction back. Like settle(), it must come after the
 * money moved (its `onlyIf` names the caller's debit), never before a lock the request may wait on.
 */
function settlementFor(request: FastifyRequest): Settlement | undefined {
  const claim = request.idempotencyClaim
  if (!claim) return undefined
  return (data, onlyIf) => {
    const statement = recordAnswer(claim, storedBody(request, data), onlyIf)
    // Only read on a 2xx, which the caller answers only once its transaction committed.
    claim.isSettled = true
    return statement
  }
}

/**
 * The statement that claims the key inside the service's transaction (INSERT … RETURNING 1): no row
 * when another request holds it (its advisory lock, until its commit), when it is done, or when it
 * holds another body — the service then throws IDEMPOTENCY_IN_PROGRESS and `claimedInTransaction`
 * answers as the preHandler would have. A running claim of a crashed request past its lease is taken over.
 */
function claimFor(request: FastifyRequest): SQL | undefined {
  const claim = request.idempotencyClaim
  if (!claim?.inTransaction) return undefined
  return sql`
    insert into ${idempotencyKeys} (scope, user_id, key, request_hash, status, claim_id, lease_until)
    select ${claim.scope}::text, ${claim.userId}::uuid, ${claim.key}::text, ${claim.requestHash}::text, 'running',
      ${claim.claimId}::uuid, ${leaseOf(claim)}
    where pg_try_advisory_xact_lock(hashtextextended(${`${claim.scope}:${claim.userId}:${claim.key}`}::text, 0))
    on conflict (scope, user_id, key) do update
      set claim_id = excluded.claim_id, lease_until = excluded.lease_until, created_at = now()
      where ${lapsedWithSameBody(claim.requestHash)}
    returning 1`
}

/**
 * Runs a service that claims its key in its own transaction (`inTransaction` hooks). When the key was
 * taken, the answer is the one the preHandler gives for a taken key: 422, 409, or the stored answer.
 */
export async function claimedInTransaction<T>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  run: () => Promise<T>,
): Promise<T | StreamedAnswer> {
  try {
    return await run()
  } catch (error) {
    const claim = request.idempotencyClaim
    const isTaken = error instanceof AppError && error.name === 'IDEMPOTENCY_IN_PROGRESS'
    if (!claim?.inTransaction || claim.isSettled || !isTaken) throw error
    claim.wasTaken = true
    const first = await takenKey(db, claim)
    replayStored(reply, first)
    const answer = new StreamedAnswer()
    answer.body.end(first.responseBody ?? '')
    return answer
  }
}

/** The context of a money-moving request (a customer's or an operator's): who, which request, which key, and how to settle it. */
export const moneyContext = (request: FastifyRequest) => ({
  actor: request.operator ? `operator:${request.operator.operatorId}` : `user:${request.auth?.userId}`,
  requestId: request.id,
  idempotencyKey: request.idempotencyClaim?.key,
  claim: claimFor(request),
  settle: settleFor(request),
  settlement: settlementFor(request),
})

/** Job: forget answers older than the promised window. */
export async function purgeIdempotencyKeys(db: Db, now = new Date()) {
  const cutoff = new Date(now.getTime() - KEEP_HOURS * 3600 * 1000)
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, cutoff))
}
