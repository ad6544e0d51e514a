// The second factor of any kind of account: a TOTP secret sealed at rest (two-factor.ts), an
// authenticator code taken once (totp-replay.ts), and single-use recovery codes of which only the
// SHA-256 is kept, in the kind's own table.
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db, Tx } from '../../platform/db/client.ts'
import type { TotpReplayGuard } from './totp-replay.ts'
import {
  hashRecoveryCode,
  matchTotp,
  newRecoveryCodes,
  normalizeRecoveryCode,
  type Sealer,
} from './two-factor.ts'

export type RecoveryCodeTable = PgTable & { id: PgColumn; codeHash: PgColumn; usedAt: PgColumn }

export type RecoveryCodeStore = ReturnType<typeof createRecoveryCodeStore>

export function createRecoveryCodeStore<T extends RecoveryCodeTable>(kind: {
  table: T
  owner: { column: PgColumn; key: keyof T['$inferInsert'] & string }
}) {
  const { table, owner } = kind
  return {
    /** Stores a new set for the account (beside any kept); answers the codes, to be shown once. */
    async issue(tx: Db | Tx, ownerId: string): Promise<string[]> {
      const codes = newRecoveryCodes()
      const rows = codes.map(
        (code) =>
          ({
            [owner.key]: ownerId,
            codeHash: hashRecoveryCode(normalizeRecoveryCode(code) ?? code),
          }) as T['$inferInsert'],
      )
      await tx.insert(table).values(rows)
      return codes
    },

    async clear(tx: Db | Tx, ownerId: string): Promise<void> {
      await tx.delete(table).where(eq(owner.column, ownerId))
    },

    /** Spends an unused code of the account; false for anything else. */
    async spend(db: Db | Tx, ownerId: string, code: string): Promise<boolean> {
      const recovery = normalizeRecoveryCode(code)
      if (!recovery) return false
      const used = await db
        .update(table)
        .set({ usedAt: sql`now()` } as never)
        .where(
          and(
            eq(owner.column, ownerId),
            eq(table.codeHash, hashRecoveryCode(recovery)),
            isNull(table.usedAt),
          ),
        )
        .returning({ id: table.id })
      return used.length > 0
    },
  }
}

/**
 * Opens a TOTP secret kept in a row (`owner` names it in a log, e.g. `operator:<id>`). One sealed under
 * APP_SECRET_PREVIOUS is handed to `store` sealed under APP_SECRET; null when neither key opens it.
 */
export async function openStoredSecret(
  sealer: Sealer,
  sealed: string,
  owner: string,
  store: (resealed: string) => Promise<unknown>,
): Promise<string | null> {
  const opened = sealer.openStored('totp-secret', sealed, owner)
  if (opened?.resealed) await store(opened.resealed)
  return opened?.plain ?? null
}

export type SpentFactor = 'spent' | 'wrong-code' | 'secret-unreadable'

/**
 * Spends a second factor: an authenticator code its replay guard still takes, or else (when a store
 * is given) an unused recovery code. `secret` null: the sealed secret opened with no key, which
 * is named in the answer (a recovery code still works).
 */
export async function spendSecondFactor(
  db: Db | Tx,
  factor: {
    ownerId: string
    secret: string | null
    code: string
    replay: TotpReplayGuard
    recovery: RecoveryCodeStore | null
  },
): Promise<SpentFactor> {
  const { ownerId, secret, code } = factor
  const step = secret ? matchTotp(secret, code) : null
  if (step !== null) return (await factor.replay(db, ownerId, step)) ? 'spent' : 'wrong-code'
  if (factor.recovery && (await factor.recovery.spend(db, ownerId, code))) return 'spent'
  return secret ? 'wrong-code' : 'secret-unreadable'
}
