// Sealing every stored secret anew under APP_SECRET at once (`npm run cli -- secrets:reseal`), after
// a rotation: rows sealed under APP_SECRET_PREVIOUS are converted, rows already under APP_SECRET kept,
// and rows neither key opens named, never changed.
import { and, eq, isNotNull } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { users } from './auth.schema.ts'
import type { Purpose, Sealer } from './two-factor.ts'

export type ResealCount = {
  /** What was sealed, e.g. "customers' TOTP secrets". */
  what: string
  resealed: number
  alreadyCurrent: number
  /** `<owner kind>:<id>` of each row neither key opens. */
  unreadable: string[]
}

/**
 * Re-seals each row's secret (a TOTP secret unless `purpose` says otherwise) through `store`: an
 * update over the value read, false when the row changed meanwhile (whoever changed it sealed it under
 * APP_SECRET). Rows are named `<kind>:<id>`.
 */
export async function resealRows(
  what: string,
  kind: string,
  rows: { id: string; sealed: string }[],
  sealer: Sealer,
  store: (id: string, sealed: string, resealed: string) => Promise<boolean>,
  purpose: Purpose = 'totp-secret',
): Promise<ResealCount> {
  const count: ResealCount = { what, resealed: 0, alreadyCurrent: 0, unreadable: [] }
  for (const row of rows) {
    // The sealer has no logger here: the command reports the unreadable rows itself.
    const opened = sealer.openStored(purpose, row.sealed, `${kind}:${row.id}`)
    if (!opened) count.unreadable.push(`${kind}:${row.id}`)
    else if (opened.resealed && (await store(row.id, row.sealed, opened.resealed))) count.resealed++
    else count.alreadyCurrent++
  }
  return count
}

/** Customers' TOTP secrets (set up, whether or not turned on). */
export async function resealCustomerSecrets(db: Db, sealer: Sealer): Promise<ResealCount> {
  const rows = await db
    .select({ id: users.id, sealed: users.totpSecret })
    .from(users)
    .where(isNotNull(users.totpSecret))
  return resealRows(
    "customers' TOTP secrets",
    'user',
    rows.map((row) => ({ id: row.id, sealed: row.sealed ?? '' })),
    sealer,
    async (id, sealed, resealed) =>
      (
        await db
          .update(users)
          .set({ totpSecret: resealed })
          .where(and(eq(users.id, id), eq(users.totpSecret, sealed)))
          .returning({ id: users.id })
      ).length > 0,
  )
}
