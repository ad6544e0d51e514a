// A key's row and the statements on it that both sides share: the claim taken in the money transaction
// (money-context.ts), and the answer recorded there or after the fact (hooks.ts).
import { and, eq, lt, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { type IdempotencyScope, idempotencyKeys } from './idempotency.schema.ts'

const KEEP_HOURS = 24

export type Claim = {
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

/** Thrown by a claim that found its key taken; `around` answers for the key. Never reaches a client. */
export class KeyTaken extends Error {}

export const ownClaim = (claim: Claim) =>
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
export const claimStatement = (claim: Claim) => sql`
  insert into ${idempotencyKeys} (scope, user_id, key, request_hash, status, claim_id, lease_until)
  select ${claim.scope}::text, ${claim.userId}::uuid, ${claim.key}::text, ${claim.requestHash}::text,
    'running', ${claim.claimId}::uuid, ${leaseOf(claim)}
  where pg_try_advisory_xact_lock(hashtextextended(${`${claim.scope}:${claim.userId}:${claim.key}`}::text, 0))
  on conflict (scope, user_id, key) do update
    set claim_id = excluded.claim_id, lease_until = excluded.lease_until, created_at = now()
    where ${lapsedWithSameBody(claim.requestHash)}
  returning 1`

/** Records a successful answer under our own running claim; no row when the claim was lost. */
export const recordAnswer = (claim: Claim, body: string, onlyIf: SQL = sql`true`) => sql`
  update ${idempotencyKeys}
  set status = 'done', response_status = 200, response_body = ${body}::text, lease_until = null
  where scope = ${claim.scope}::text and user_id = ${claim.userId}::uuid and key = ${claim.key}::text
    and claim_id = ${claim.claimId}::uuid and status = 'running' and ${onlyIf}
  returning 1`

/** Job: forget answers older than the promised window. */
export async function purgeIdempotencyKeys(db: Db, now = new Date()) {
  const cutoff = new Date(now.getTime() - KEEP_HOURS * 3600 * 1000)
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, cutoff))
}
