// Operator accounts: made by the CLI or an owner's invitation (invitations.service.ts), signed in with
// password and TOTP (never when disabled), sessions of at most 12 h that end after 30 min idle,
// and a password change that ends every other session.
import type { Operator, OperatorLoginInput, OperatorSession } from '@proxy/contract/admin/auth'
import { type OperatorRole, ROLE_PERMISSIONS } from '@proxy/contract/admin/permissions'
import { and, eq, sql } from 'drizzle-orm'
import { type Db, inTransaction, type Tx } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import {
  admitAttempt,
  admitLoginAttempt,
  DUMMY_HASH,
  forgiveLoginAttempt,
  hashPassword,
  isCommonPassword,
  type LoginLimits,
  newOneTimePassword,
  newTotpSecret,
  openStoredSecret,
  type Sealer,
  type SessionClient,
  type SpentFactor,
  type StartedSession,
  spendSecondFactor,
  verifyPassword,
} from '../auth/index.ts'
import { operators } from './admin.schema.ts'
import { type Actor, recordAudit } from './audit.ts'
import { operatorRecovery, operatorSessionStore, operatorTotpReplay } from './operator-credentials.ts'

export type Client = SessionClient
type OperatorRow = typeof operators.$inferSelect

export const actorFrom = (row: Pick<OperatorRow, 'id' | 'email' | 'role'>): Actor => ({
  operatorId: row.id,
  email: row.email,
  role: row.role,
})

export const toOperator = (row: OperatorRow): Operator => ({
  id: row.id,
  email: row.email,
  role: row.role,
  permissions: [...ROLE_PERMISSIONS[row.role]],
  mustChangePassword: row.mustChangePassword,
  createdAt: row.createdAt.toISOString(),
  lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
})

// --- creation (CLI) --------------------------------------------------------------------------

export type CreatedOperator = {
  id: string
  email: string
  role: OperatorRole
  password: string
  totpSecret: string
  totpUri: string
  recoveryCodes: string[]
}

/** Makes an operator with a one-time password (to change at first sign-in), a TOTP secret and recovery codes; null when the email is taken. */
export async function createOperatorAccount(
  db: Db,
  sealer: Sealer,
  email: string,
  role: OperatorRole,
): Promise<CreatedOperator | null> {
  const password = newOneTimePassword()
  const { secret, uri } = newTotpSecret(email)
  const passwordHash = await hashPassword(password)
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(operators)
      .values({
        email,
        passwordHash,
        role,
        totpSecret: sealer.seal('totp-secret', secret),
        mustChangePassword: true,
      })
      .onConflictDoNothing({ target: operators.email })
      .returning()
    if (!row) return null
    const codes = await operatorRecovery.issue(tx, row.id)
    await recordAudit(tx, {
      // Made at the server's console (`admin:create`), not by a signed-in operator.
      operator: { operatorId: null, email: null, role: null },
      action: 'operators.create',
      target: `operator:${row.id}`,
      before: null,
      after: { email, role, mustChangePassword: true },
      reason: 'npm run cli -- admin:create',
    })
    return { id: row.id, email, role, password, totpSecret: secret, totpUri: uri, recoveryCodes: codes }
  })
}

// --- sessions --------------------------------------------------------------------------------

export type IssuedOperatorSession = StartedSession

export const startSession = (tx: Tx, operatorId: string, client: Client) =>
  operatorSessionStore.start(tx, operatorId, client)

/** The operator behind a session token, when the session is live; marks it seen (the idle clock restarts). */
export async function resolveSession(db: Db, token: string) {
  const row = await operatorSessionStore.resolve(db, token)
  if (!row) return null
  const [operator] = await db.select().from(operators).where(eq(operators.id, row.ownerId))
  // A disabled operator's sessions end when they are disabled; this refuses any that slipped past.
  return operator && !operator.disabledAt ? { sessionId: row.sessionId, operator } : null
}

export async function operatorById(db: Db | Tx, id: string): Promise<OperatorRow> {
  const [row] = await db.select().from(operators).where(eq(operators.id, id))
  if (!row) throw new AppError('UNAUTHORIZED')
  return row
}

// --- sign-in ---------------------------------------------------------------------------------

export type OperatorLimits = LoginLimits & { perAddress: number }

/**
 * Spends a second factor (operator-credentials.ts). A TOTP secret sealed under APP_SECRET_PREVIOUS is
 * stored under APP_SECRET on the way; one neither key opens is logged by the sealer and named in the
 * answer, for the audit log (a recovery code still works).
 */
async function spendOperatorFactor(
  db: Db,
  sealer: Sealer,
  row: OperatorRow,
  code: string,
): Promise<SpentFactor> {
  const secret = await openStoredSecret(sealer, row.totpSecret, `operator:${row.id}`, (resealed) =>
    // Only over the value read: a concurrent sign-in may have stored it already.
    db
      .update(operators)
      .set({ totpSecret: resealed })
      .where(and(eq(operators.id, row.id), eq(operators.totpSecret, row.totpSecret))),
  )
  const factor = { ownerId: row.id, secret, code, replay: operatorTotpReplay, recovery: operatorRecovery }
  return spendSecondFactor(db, factor)
}

/**
 * Signs an operator in. Every attempt is counted (per account, per account and address, per address)
 * before anything is judged; an unknown email, a wrong password and a wrong code all answer the same
 * error, and every failure is audited.
 */
export async function signInOperator(
  db: Db,
  sealer: Sealer,
  input: OperatorLoginInput,
  client: Client,
  limits: OperatorLimits,
): Promise<{ operator: Operator; session: IssuedOperatorSession }> {
  const account = `operator:${input.email}`
  const admitted =
    (await admitLoginAttempt(db, account, client.ip, limits)) &&
    (await admitAttempt(db, `operator-address:${client.ip}`, limits.perAddress))
  const [row] = await db.select().from(operators).where(eq(operators.email, input.email))
  const fail = async (reason: string) => {
    await recordAudit(db, {
      operator: row ? actorFrom(row) : { operatorId: null, email: input.email, role: null },
      action: 'auth.sign-in-failed',
      reason,
      ip: client.ip,
    })
  }
  if (!admitted) {
    await fail('rate-limited')
    throw new AppError('LOGIN_RATE_LIMITED')
  }
  const passwordOk = await verifyPassword(input.password, row?.passwordHash ?? DUMMY_HASH)
  if (!row || !passwordOk) {
    await fail(row ? 'wrong-password' : 'unknown-email')
    throw new AppError('INVALID_CREDENTIALS')
  }
  if (row.disabledAt) {
    // Disabled by an owner: the same answer as a wrong password, so nothing is learnt.
    await fail('disabled')
    throw new AppError('INVALID_CREDENTIALS')
  }
  const secondFactor = await spendOperatorFactor(db, sealer, row, input.totp)
  if (secondFactor !== 'spent') {
    await fail(secondFactor)
    throw new AppError('INVALID_CREDENTIALS')
  }
  await forgiveLoginAttempt(db, account, client.ip)
  return inTransaction(db, async (tx) => {
    const [signedIn] = await tx
      .update(operators)
      .set({ lastSignInAt: sql`now()` })
      .where(eq(operators.id, row.id))
      .returning()
    const session = await startSession(tx, row.id, client)
    await recordAudit(tx, {
      operator: actorFrom(row),
      action: 'auth.sign-in',
      target: `operator-session:${session.sessionId}`,
      before: { lastSignInAt: row.lastSignInAt },
      after: { lastSignInAt: signedIn?.lastSignInAt ?? null },
      ip: client.ip,
    })
    return { operator: toOperator(signedIn ?? row), session }
  })
}

/** Ends one session of this operator (their own only); false when there was no live one. */
export async function revokeOperatorSession(
  db: Db,
  actor: Actor & { operatorId: string },
  sessionId: string,
  ip: string,
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const [ended] = await operatorSessionStore.revoke(tx, actor.operatorId, { id: sessionId })
    if (!ended) return false
    await recordAudit(tx, {
      operator: actor,
      action: 'auth.session-revoke',
      target: `operator-session:${sessionId}`,
      before: { revokedAt: null },
      after: { revokedAt: ended.revokedAt },
      ip,
    })
    return true
  })
}

export async function listOperatorSessions(
  db: Db,
  operatorId: string,
  currentId: string,
): Promise<OperatorSession[]> {
  const rows = await operatorSessionStore.list(db, operatorId)
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    ip: row.ip,
    userAgent: row.userAgent,
    isCurrent: row.id === currentId,
  }))
}

/** Verifies the old password, sets the new one, ends every session of the operator and starts a new one. */
export async function changeOperatorPassword(
  db: Db,
  operatorId: string,
  input: { oldPassword: string; newPassword: string },
  client: Client,
): Promise<{ operator: Operator; session: IssuedOperatorSession }> {
  const row = await operatorById(db, operatorId)
  if (!(await verifyPassword(input.oldPassword, row.passwordHash))) throw new AppError('WRONG_PASSWORD')
  if (input.newPassword === input.oldPassword || isCommonPassword(input.newPassword, row.email))
    throw new AppError('WEAK_PASSWORD')
  const passwordHash = await hashPassword(input.newPassword)
  return inTransaction(db, async (tx) => {
    const [changed] = await tx
      .update(operators)
      .set({ passwordHash, mustChangePassword: false })
      .where(eq(operators.id, operatorId))
      .returning()
    const ended = await operatorSessionStore.revoke(tx, operatorId)
    const session = await startSession(tx, operatorId, client)
    await recordAudit(tx, {
      operator: actorFrom(row),
      action: 'auth.password-change',
      target: `operator:${operatorId}`,
      // The password itself never enters the log: only that it changed.
      before: { password: 'previous', mustChangePassword: row.mustChangePassword },
      after: { password: 'changed', mustChangePassword: false, sessionsEnded: ended.length },
      ip: client.ip,
    })
    return { operator: toOperator(changed ?? row), session }
  })
}
