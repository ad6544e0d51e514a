// Operators' and invitations' TOTP secrets sealed anew under APP_SECRET (`secrets:reseal`). Spent
// invitations too: an accepted one holds its operator's secret, which must not stay under an old key.
import { and, eq, isNotNull } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { type ResealCount, resealRows, type Sealer } from '../auth/index.ts'
import { operatorInvitations, operators } from './admin.schema.ts'

export async function resealOperatorSecrets(db: Db, sealer: Sealer): Promise<ResealCount[]> {
  const operatorRows = await db.select({ id: operators.id, sealed: operators.totpSecret }).from(operators)
  const invitationRows = await db
    .select({ id: operatorInvitations.id, sealed: operatorInvitations.totpSecret })
    .from(operatorInvitations)
    .where(isNotNull(operatorInvitations.totpSecret))
  return [
    await resealRows(
      "operators' TOTP secrets",
      'operator',
      operatorRows,
      sealer,
      async (id, sealed, resealed) =>
        updated(
          await db
            .update(operators)
            .set({ totpSecret: resealed })
            .where(and(eq(operators.id, id), eq(operators.totpSecret, sealed)))
            .returning({ id: operators.id }),
        ),
    ),
    await resealRows(
      "operator invitations' TOTP secrets",
      'operator-invitation',
      invitationRows.map((row) => ({ id: row.id, sealed: row.sealed ?? '' })),
      sealer,
      async (id, sealed, resealed) =>
        updated(
          await db
            .update(operatorInvitations)
            .set({ totpSecret: resealed })
            .where(and(eq(operatorInvitations.id, id), eq(operatorInvitations.totpSecret, sealed)))
            .returning({ id: operatorInvitations.id }),
        ),
    ),
  ]
}

const updated = (rows: unknown[]) => rows.length > 0
