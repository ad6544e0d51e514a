// The team an owner manages: operators (role, disable, enable) beside the pending invitations
// (invitations.service.ts). The last active owner can be neither disabled nor demoted, and nobody
// disables themself.
import type { TeamOperator } from '@proxy/contract/admin/operators'
import type { OperatorRole } from '@proxy/contract/admin/permissions'
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm'
import { type Db, inTransaction, type Tx } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { operatorSessions, operators } from './admin.schema.ts'
import { type Actor, recordAudit } from './audit.ts'
import { pendingInvitations } from './invitations.service.ts'
import { operatorSessionStore } from './operator-credentials.ts'

type Signed = Actor & { operatorId: string }
type OperatorRow = typeof operators.$inferSelect

const openSessionsOf = (db: Db | Tx, operatorId: string) => operatorSessionStore.countLive(db, operatorId)

const toTeamOperator = (row: OperatorRow, openSessions: number): TeamOperator => ({
  id: row.id,
  email: row.email,
  role: row.role,
  createdAt: row.createdAt.toISOString(),
  lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  disabledAt: row.disabledAt?.toISOString() ?? null,
  openSessions,
})

// --- the list --------------------------------------------------------------------------------

export async function listTeam(db: Db) {
  const sessions = db
    .select({ operatorId: operatorSessions.operatorId, open: count().as('open') })
    .from(operatorSessions)
    .where(operatorSessionStore.live)
    .groupBy(operatorSessions.operatorId)
    .as('sessions')
  const rows = await db
    .select({ operator: operators, open: sessions.open })
    .from(operators)
    .leftJoin(sessions, eq(sessions.operatorId, operators.id))
    .orderBy(asc(operators.createdAt), asc(operators.email))
  return {
    operators: rows.map((row) => toTeamOperator(row.operator, Number(row.open ?? 0))),
    invitations: await pendingInvitations(db),
  }
}

// --- operators (owner) -----------------------------------------------------------------------

/** Locks the active owners (so two owners cannot demote each other at once) and answers their ids. */
async function activeOwners(tx: Tx): Promise<string[]> {
  const rows = await tx
    .select({ id: operators.id })
    .from(operators)
    .where(and(eq(operators.role, 'owner'), isNull(operators.disabledAt)))
    .for('update')
  return rows.map((row) => row.id)
}

async function lockedOperator(tx: Tx, id: string): Promise<OperatorRow> {
  const [row] = await tx.select().from(operators).where(eq(operators.id, id)).for('update')
  if (!row) throw new AppError('NOT_FOUND')
  return row
}

/** Refuses a change that would leave no active owner. */
async function keepAnOwner(tx: Tx, row: OperatorRow) {
  const owners = await activeOwners(tx)
  if (row.role === 'owner' && !row.disabledAt && owners.filter((id) => id !== row.id).length === 0)
    throw new AppError('LAST_OWNER')
}

export async function changeRole(db: Db, actor: Signed, id: string, role: OperatorRole, ip: string) {
  return inTransaction(db, async (tx) => {
    const row = await lockedOperator(tx, id)
    if (row.role === 'owner' && role !== 'owner') await keepAnOwner(tx, row)
    const [changed] = await tx.update(operators).set({ role }).where(eq(operators.id, id)).returning()
    if (!changed) throw new AppError('NOT_FOUND')
    await recordAudit(tx, {
      operator: actor,
      action: 'operators.role-change',
      target: `operator:${id}`,
      before: { email: row.email, role: row.role },
      after: { email: row.email, role: changed.role },
      ip,
    })
    return toTeamOperator(changed, await openSessionsOf(tx, id))
  })
}

/** Disables (sessions end at once, sign-in is refused) or enables an operator. */
export async function setDisabled(db: Db, actor: Signed, id: string, disabled: boolean, ip: string) {
  if (disabled && id === actor.operatorId)
    throw new AppError('FORBIDDEN', null, 'You cannot disable yourself')
  return inTransaction(db, async (tx) => {
    const row = await lockedOperator(tx, id)
    if (disabled) await keepAnOwner(tx, row)
    const [changed] = await tx
      .update(operators)
      .set({ disabledAt: disabled ? (row.disabledAt ?? sql`now()`) : null })
      .where(eq(operators.id, id))
      .returning()
    if (!changed) throw new AppError('NOT_FOUND')
    const ended = disabled ? await operatorSessionStore.revoke(tx, id) : []
    await recordAudit(tx, {
      operator: actor,
      action: disabled ? 'operators.disable' : 'operators.enable',
      target: `operator:${id}`,
      before: { email: row.email, disabledAt: row.disabledAt },
      after: {
        email: row.email,
        disabledAt: changed.disabledAt,
        ...(disabled && { sessionsEnded: ended.length }),
      },
      ip,
    })
    return toTeamOperator(changed, await openSessionsOf(tx, id))
  })
}
