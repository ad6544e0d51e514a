// The money transaction's side of a request's key (see idempotency.ts for the whole flow): who moves
// the money, the claim as the transaction's first statement, the answer recorded as its last.

import type { SQL } from 'drizzle-orm'
import { sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { z } from 'zod'
import type { Tx } from '../../platform/db/client.ts'
import { rowsOf } from '../../platform/db/sql.ts'
import { AppError } from '../../platform/errors.ts'
import { claimStatement, KeyTaken, recordAnswer } from './claim.ts'

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

/** The body stored for a successful answer: the envelope, serialised by the route's own response schema. */
function storedBody(request: FastifyRequest, data: unknown): string {
  const schema = (request.routeOptions.schema?.response as Record<number, z.ZodType> | undefined)?.[200]
  const envelope = { code: 0, message: 'ok', data }
  return JSON.stringify(schema ? schema.parse(envelope) : envelope)
}

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
