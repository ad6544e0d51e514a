// Idempotency-Key for money-moving POSTs (DESIGN §4): per customer; same key and body → the
// stored first answer; another body → 422; the first still running → 409. Validation runs
// before this hook, so validation failures are never stored; 5xx answers are not kept either.
//
// One way to settle a paid request: the preHandler claims the key with a lease; the service moves
// the money in one transaction and, as its last step, records its answer there through
// `context.settle` (see `moneyContext`), so the key says "done" exactly when the money moved. A
// crash leaves a running claim whose lease runs out; a retry then takes it over and runs afresh,
// and the lost request (should it still be alive) can no longer record its answer, so its
// transaction rolls back instead of moving money twice.
import { createHash, randomUUID } from 'node:crypto'
import { and, eq, lt, type SQL, sql } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest, onSendHookHandler, preHandlerHookHandler } from 'fastify'
import type { z } from 'zod'
import type { Db, Tx } from '../../platform/db/client.ts'
import { rowsOf } from '../../platform/db/sql.ts'
import { AppError } from '../../platform/errors.ts'
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
  leaseSeconds: number
}

/**
 * Who moves money and on which request (kept in the ledger's audit log), and how its answer is
 * recorded: `settle` writes it under the request's Idempotency-Key in the caller's transaction and
 * answers it (see settled()). Jobs and other callers without a request have no `settle`.
 */
export type MoneyContext = {
  actor: string
  requestId?: string
  idempotencyKey?: string
  settle?: Settlement
}

/**
 * How a request's answer is recorded: `record` is the statement (or a CTE of the caller's
 * statement) that writes it under the key, no row when the claim was lost, and `done` marks the
 * claim settled once that statement answered its row.
 */
type Settlement = { record: (answer: unknown, onlyIf?: SQL) => SQL; done: () => void }

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

/**
 * Claims a key: a new one, or a running claim with the same body whose lease has run out (its
 * request died). The claim commits without waiting for its WAL flush (`synchronous_commit` off for
 * this statement's transaction only), one disk flush fewer per paid request: a crash may lose a
 * claim only together with everything after it, because the money transaction that settles it
 * flushes the WAL past it as it commits. A lost claim is a key never claimed; the retry runs afresh.
 */
const claimStatement = (claim: Claim) => sql`
  insert into ${idempotencyKeys} (scope, user_id, key, request_hash, status, claim_id, lease_until)
  select ${claim.scope}::text, ${claim.userId}::uuid, ${claim.key}::text, ${claim.requestHash}::text,
    'running', ${claim.claimId}::uuid, ${leaseOf(claim)}
  where set_config('synchronous_commit', 'off', true) = 'off'
  on conflict (scope, user_id, key) do update
    set claim_id = excluded.claim_id, lease_until = excluded.lease_until, created_at = now()
    where ${lapsedWithSameBody(claim.requestHash)}
  returning 1`

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
 * without a key is refused (400).
 */
export function createIdempotencyHooks(
  db: Db,
  leaseSeconds: number,
  { scope = 'customer', required = false }: { scope?: IdempotencyScope; required?: boolean } = {},
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
      leaseSeconds,
    }
    const claimed = rowsOf(await db.execute(claimStatement(claim)))
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
    if (!claim || (claim.isSettled && reply.statusCode < 300)) return payload
    const answered = {
      status: 'done' as const,
      responseStatus: reply.statusCode,
      responseBody: String(payload),
      leaseUntil: null,
    }
    if (reply.statusCode >= 500) await db.delete(idempotencyKeys).where(ownClaim(claim))
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

/** The settlement of a request that claimed its key: the envelope the route will answer, recorded with the money. */
function settlementFor(request: FastifyRequest): Settlement | undefined {
  const claim = request.idempotencyClaim
  if (!claim) return undefined
  return {
    record: (answer, onlyIf) => recordAnswer(claim, storedBody(request, answer), onlyIf),
    done: () => {
      claim.isSettled = true
    },
  }
}

/** The context of a money-moving request (a customer's or an operator's): who, which request, which key, and how to settle it. */
export const moneyContext = (request: FastifyRequest): MoneyContext => ({
  actor: request.operator ? `operator:${request.operator.operatorId}` : `user:${request.auth?.userId}`,
  requestId: request.id,
  idempotencyKey: request.idempotencyClaim?.key,
  settle: settlementFor(request),
})

/**
 * The last step of a money transaction: the request's answer is recorded with the money it moved.
 * No row means our lease ran out and a retry took the key over: it moves the money, we must not, so
 * this throws IDEMPOTENCY_IN_PROGRESS and the caller's transaction rolls back.
 */
export async function settled<T>(tx: Tx, context: MoneyContext, answer: T): Promise<T> {
  if (!context.settle) return answer
  const recorded = rowsOf(await tx.execute(context.settle.record(answer)))
  return confirmSettled(context, recorded.length, answer)
}

/**
 * settled() as the CTE `settled` of the caller's statement, for a hot path that moves its money in
 * one statement: `after` names a CTE the record must follow (the debit, so a request that waited on
 * the wallet row past its lease sees the retry's takeover). The statement selects `outcome`; hand
 * its value to confirm(), which throws as settled() does.
 */
export function settledCte<T>(context: MoneyContext, answer: T, after: SQL) {
  return {
    cte: sql`settled as (${context.settle?.record(answer, after) ?? sql`select 1`})`,
    outcome: sql`(select count(*) from settled)::int as settled`,
    confirm: (rows: number | string) => confirmSettled(context, Number(rows), answer),
  }
}

function confirmSettled<T>(context: MoneyContext, rows: number, answer: T): T {
  if (rows === 0) throw new AppError('IDEMPOTENCY_IN_PROGRESS')
  context.settle?.done()
  return answer
}

/** Job: forget answers older than the promised window. */
export async function purgeIdempotencyKeys(db: Db, now = new Date()) {
  const cutoff = new Date(now.getTime() - KEEP_HOURS * 3600 * 1000)
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, cutoff))
}
