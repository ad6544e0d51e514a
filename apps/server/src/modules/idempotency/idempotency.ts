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
import { and, eq, lt, type SQL, sql } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest, onSendHookHandler, preHandlerHookHandler } from 'fastify'
import type { z } from 'zod'
import type { Db, Tx } from '../../platform/db/client.ts'
import { rowsOf } from '../../platform/db/sql.ts'
import { AppError } from '../../platform/errors.ts'
import { ANSWERED, type AroundHandler } from '../../platform/route.ts'
import { type IdempotencyScope, idempotencyKeys } from './idempotency.schema.ts'

export const IDEMPOTENCY_HEADER = 'idempotency-key'
export const KEEP_HOURS = 24
/** What is logged when an idempotent route answered without claiming its key (a bug; tests fail on it). */
export const UNCLAIMED_KEY = 'answered without claiming its Idempotency-Key'
const VALID_KEY = /^[\x21-\x7e]{1,255}$/

type Claim = {
  scope: IdempotencyScope
  userId: string
  key: string
  claimId: string
  requestHash: string
  /** The money transaction claimed the key (it commits with the answer, or rolls back). */
  isClaimed: boolean
  isSettled: boolean
  /** The key was taken: the route answers for it (`around`), and onSend stores nothing. */
  isAnswered: boolean
  leaseSeconds: number
}

/**
 * Who moves money and on which request (kept in the ledger's audit log), and how its key is claimed
 * and its answer recorded in the money transaction (`claimed`/`claimCte` first, `settled`/`settledCte`
 * last). Jobs and other callers without a request have neither, and both are then no-ops.
 */
export type MoneyContext = {
  actor: string
  requestId?: string
  idempotencyKey?: string
  claim?: ClaimStep
  settle?: Settlement
}

/** How the key is claimed: the statement (no row: the key is taken), and what follows its answer. */
type ClaimStep = { statement: SQL; confirm: (rows: number) => void }

/**
 * How a request's answer is recorded: `record` is the statement (or a CTE of the caller's
 * statement) that writes it under the key, no row when the claim was lost, and `done` marks the
 * claim settled once that statement answered its row.
 */
type Settlement = { record: (answer: unknown, onlyIf?: SQL) => SQL; done: () => void }

/** Thrown by a claim that found its key taken; `around` answers for the key. Never reaches a client. */
class KeyTaken extends Error {}

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

/**
 * A key another request may take over: a running claim with the same body whose lease has run out.
 * Only a release that claimed before its transaction leaves one (its request died); this one's
 * claims commit with their answers.
 */
const lapsedWithSameBody = (requestHash: string) => sql`${idempotencyKeys.status} = 'running'
  and coalesce(${idempotencyKeys.leaseUntil} < now(), true)
  and ${idempotencyKeys.requestHash} = ${requestHash}::text`

/**
 * Claims a key in the caller's transaction: a new one, or a lapsed running one with the same body.
 * No row when it is taken: done, running, another body, or held right now by another request's
 * transaction (its advisory lock, until that commits).
 */
const claimStatement = (claim: Claim) => sql`
  insert into ${idempotencyKeys} (scope, user_id, key, request_hash, status, claim_id, lease_until)
  select ${claim.scope}::text, ${claim.userId}::uuid, ${claim.key}::text, ${claim.requestHash}::text,
    'running', ${claim.claimId}::uuid, ${leaseOf(claim)}
  where pg_try_advisory_xact_lock(hashtextextended(${`${claim.scope}:${claim.userId}:${claim.key}`}::text, 0))
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
 * The hooks of an idempotent route. Keys belong to the customer (`customer` scope) or to the operator
 * (`operator` scope, for console writes): one's key never answers for another. `required`: a request
 * without a key is refused (400). The route's service claims the key in its transaction (see the
 * top of this file); `around` answers when the key was taken.
 */
export function createIdempotencyHooks(
  db: Db,
  leaseSeconds: number,
  { scope = 'customer', required = false }: { scope?: IdempotencyScope; required?: boolean } = {},
): { preHandler: preHandlerHookHandler; onSend: onSendHookHandler; around: AroundHandler } {
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
  return { preHandler, onSend, around }
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

/** The claim step of a request with a key: its statement, and what its row count means. */
function claimStepFor(request: FastifyRequest): ClaimStep | undefined {
  const claim = request.idempotencyClaim
  if (!claim) return undefined
  return {
    statement: claimStatement(claim),
    confirm: (rows) => {
      if (rows === 0) throw new KeyTaken()
      claim.isClaimed = true
    },
  }
}

/** The settlement of a request with a key: the envelope the route will answer, recorded with the money. */
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

/** The context of a money-moving request (a customer's or an operator's): who, which request, which key, and how to claim and settle it. */
export const moneyContext = (request: FastifyRequest): MoneyContext => ({
  actor: request.operator ? `operator:${request.operator.operatorId}` : `user:${request.auth?.userId}`,
  requestId: request.id,
  idempotencyKey: request.idempotencyClaim?.key,
  claim: claimStepFor(request),
  settle: settlementFor(request),
})

/**
 * The first step of a money transaction: claims the request's key. When the key is taken this
 * throws, the transaction rolls back, and the route answers for the key.
 */
export async function claimed(tx: Tx, context: MoneyContext) {
  if (!context.claim) return
  context.claim.confirm(rowsOf(await tx.execute(context.claim.statement)).length)
}

/**
 * claimed() as the CTE `claimed` of the caller's first statement, for a hot path that runs one
 * anyway. The statement selects `outcome`; hand its value to confirm() before anything else.
 */
export function claimCte(context: MoneyContext) {
  return {
    cte: sql`claimed as (${context.claim?.statement ?? sql`select 1`})`,
    outcome: sql`(select count(*) from claimed)::int as claimed`,
    confirm: (rows: number | string) => context.claim?.confirm(Number(rows)),
  }
}

/**
 * The last step of a money transaction: the request's answer is recorded with the money it moved.
 * No row means the claim was lost (a retry took the key over): it moves the money, we must not, so
 * this throws IDEMPOTENCY_IN_PROGRESS and the caller's transaction rolls back.
 */
export async function settled<T>(tx: Tx, context: MoneyContext, answer: T): Promise<T> {
  if (!context.settle) return answer
  const recorded = rowsOf(await tx.execute(context.settle.record(answer)))
  return confirmSettled(context, recorded.length, answer)
}

/**
 * settled() as the CTE `settled` of the caller's statement, for a hot path that moves its money in
 * one statement: `after` names a CTE the record must follow (the debit). The statement selects
 * `outcome`; hand its value to confirm(), which throws as settled() does.
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
