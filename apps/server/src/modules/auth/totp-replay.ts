// Replay guards for authenticator codes: a right code is taken once, so one seen over a shoulder or in
// a log is worth nothing after its owner used it. A guard answers whether the code's time step was
// still free, and takes it. Customers' steps are marked one by one; operators keep the last step on
// their row, so a code is also refused after a later one.
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db, Tx } from '../../platform/db/client.ts'
import { LOGIN_WINDOW_MS } from './login-limits.ts'

export type TotpReplayGuard = (db: Db | Tx, ownerId: string, step: number) => Promise<boolean>

// Longer than a code is valid (a step either side of now), and the attempts purge forgets marks then.
const MARK_WINDOW = sql.raw(`interval '${LOGIN_WINDOW_MS / 1000} seconds'`)

/**
 * Each time step once per owner (`kind` names the owner's kind in the mark's key): a mark in the
 * attempts table (login_attempts), whose purge job forgets it after its window.
 */
export const stepOnceGuard =
  (kind: string): TotpReplayGuard =>
  async (db, ownerId, step) => {
    const key = `${kind}:${ownerId}:${step}`
    // Inserted, or an expired mark taken afresh: a row comes back. A live mark: none does.
    const taken = (await db.execute(sql`
      insert into login_attempts as a (key, attempts, window_started_at)
      values (${key}, 1, now())
      on conflict (key) do update set attempts = 1, window_started_at = now()
        where a.window_started_at <= now() - ${MARK_WINDOW}
      returning key`)) as unknown as { rows: unknown[] }
    return taken.rows.length > 0
  }

/** Only a step after the last one taken, kept in the owner's row (`lastStep`, set under `key`). */
export const laterStepGuard =
  (table: PgTable, id: PgColumn, lastStep: { column: PgColumn; key: string }): TotpReplayGuard =>
  async (db, ownerId, step) => {
    const taken = await db
      .update(table)
      .set({ [lastStep.key]: step } as never)
      .where(and(eq(id, ownerId), or(isNull(lastStep.column), lt(lastStep.column, step))))
      .returning({ id })
    return taken.length > 0
  }
