// Invitations: the only way to make an operator over HTTP. An owner sends a 72 h link whose token is
// answered once (only its SHA-256 is stored, and it never enters a log); the invitee opens it without a
// session to enrol TOTP, and accepts it with a password and a code, which makes the operator and signs
// them in.
import type {
  AcceptInvitationInput,
  InvitationView,
  PendingInvitation,
} from '@proxy/contract/admin/operators'
import { INVITATION_LINK_PATH, INVITATION_TTL_HOURS } from '@proxy/contract/admin/operators'
import type { OperatorRole } from '@proxy/contract/admin/permissions'
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm'
import { type Db, inTransaction, type Tx } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import {
  admitAttempt,
  hashPassword,
  hashToken,
  isCommonPassword,
  matchTotp,
  newToken,
  newTotpSecret,
  type Sealer,
  totpUri,
} from '../auth/index.ts'
import { operatorInvitations, operators } from './admin.schema.ts'
import { type Actor, recordAudit } from './audit.ts'
import { operatorRecovery } from './operator-credentials.ts'
import {
  type Client,
  type IssuedOperatorSession,
  type OperatorLimits,
  startSession,
  toOperator,
} from './operators.service.ts'

const TTL = sql.raw(`interval '${INVITATION_TTL_HOURS} hours'`)
/** The token of a link: 32 random bytes, base64url, no prefix (it sits in a URL path). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/

type Signed = Actor & { operatorId: string }
type InvitationRow = typeof operatorInvitations.$inferSelect

const pending = and(
  isNull(operatorInvitations.acceptedAt),
  isNull(operatorInvitations.revokedAt),
  gt(operatorInvitations.expiresAt, sql`now()`),
)

const toPending = (row: InvitationRow, invitedBy: string | null): PendingInvitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  invitedBy,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  opened: row.totpSecret !== null,
})

/** The invitations still pending, oldest first, with the email of who sent each. */
export async function pendingInvitations(db: Db): Promise<PendingInvitation[]> {
  const rows = await db
    .select({ invitation: operatorInvitations, invitedBy: operators.email })
    .from(operatorInvitations)
    .leftJoin(operators, eq(operators.id, operatorInvitations.invitedBy))
    .where(pending)
    .orderBy(asc(operatorInvitations.createdAt))
  return rows.map((row) => toPending(row.invitation, row.invitedBy))
}

// --- invitations (owner) ---------------------------------------------------------------------

export async function invite(
  db: Db,
  actor: Signed,
  input: { email: string; role: OperatorRole },
  ip: string,
) {
  const token = newToken('')
  return inTransaction(db, async (tx) => {
    const [existing] = await tx
      .select({ id: operators.id })
      .from(operators)
      .where(eq(operators.email, input.email))
    if (existing) throw new AppError('OPERATOR_EXISTS')
    // One live link per email: a new invitation ends the earlier ones.
    const replaced = await tx
      .update(operatorInvitations)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(operatorInvitations.email, input.email), pending))
      .returning({ id: operatorInvitations.id })
    const [row] = await tx
      .insert(operatorInvitations)
      .values({
        email: input.email,
        role: input.role,
        tokenHash: hashToken(token),
        invitedBy: actor.operatorId,
        expiresAt: sql`now() + ${TTL}`,
      })
      .returning()
    if (!row) throw new Error('invitation not created')
    await recordAudit(tx, {
      operator: actor,
      action: 'operators.invite',
      target: `operator-invitation:${row.id}`,
      before: { invitation: null },
      // The token never enters the log.
      after: {
        email: row.email,
        role: row.role,
        expiresAt: row.expiresAt,
        ...(replaced.length > 0 && { replacedInvitations: replaced.length }),
      },
      ip,
    })
    return { invitation: toPending(row, actor.email), link: `${INVITATION_LINK_PATH}${token}` }
  })
}

export async function revokeInvitation(db: Db, actor: Signed, id: string, ip: string): Promise<null> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(operatorInvitations)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(operatorInvitations.id, id), pending))
      .returning()
    if (!row) throw new AppError('NOT_FOUND')
    await recordAudit(tx, {
      operator: actor,
      action: 'operators.invitation-revoke',
      target: `operator-invitation:${row.id}`,
      before: { email: row.email, role: row.role, revokedAt: null },
      after: { email: row.email, role: row.role, revokedAt: row.revokedAt },
      ip,
    })
    return null
  })
}

// --- the invitee (no session) ----------------------------------------------------------------

/** Counts an invitation call from this address (and, for an accept, on this link) as sign-in counts. */
async function admitInvitationCall(db: Db, ip: string, limits: OperatorLimits, tokenHash?: string) {
  const admitted =
    (await admitAttempt(db, `operator-invitation-address:${ip}`, limits.perAddress)) &&
    (!tokenHash || (await admitAttempt(db, `operator-invitation:${tokenHash}`, limits.perAccountAndAddress)))
  if (!admitted) throw new AppError('LOGIN_RATE_LIMITED')
}

/** The pending invitation a token names, locked; INVITATION_INVALID for anything else. */
async function pendingInvitation(tx: Tx, token: string): Promise<InvitationRow> {
  if (!TOKEN.test(token)) throw new AppError('INVITATION_INVALID')
  const [row] = await tx
    .select()
    .from(operatorInvitations)
    .where(and(eq(operatorInvitations.tokenHash, hashToken(token)), pending))
    .for('update')
  if (!row) throw new AppError('INVITATION_INVALID')
  return row
}

/** Opens an invitation: the TOTP secret is made and sealed at the first open, the same one after. */
export async function openInvitation(
  db: Db,
  sealer: Sealer,
  token: string,
  ip: string,
  limits: OperatorLimits,
): Promise<InvitationView> {
  await admitInvitationCall(db, ip, limits)
  return inTransaction(db, async (tx) => {
    const row = await pendingInvitation(tx, token)
    const opened = row.totpSecret
      ? sealer.openStored('totp-secret', row.totpSecret, `operator-invitation:${row.id}`)
      : null
    // A new secret at the first open (or when neither key opens the old one); the same one re-sealed
    // under APP_SECRET when APP_SECRET_PREVIOUS opened it.
    const secret = opened?.plain ?? newTotpSecret(row.email).secret
    const resealed = opened ? opened.resealed : sealer.seal('totp-secret', secret)
    if (resealed)
      await tx
        .update(operatorInvitations)
        .set({ totpSecret: resealed })
        .where(eq(operatorInvitations.id, row.id))
    return {
      email: row.email,
      role: row.role,
      expiresAt: row.expiresAt.toISOString(),
      otpauthUri: totpUri(row.email, secret),
      secret,
    }
  })
}

/**
 * Accepts an invitation: the password is judged as a password change is, the code must match the
 * enrolled secret, then the operator is made (no password change required), the invitation is
 * spent, and a session starts. Recovery codes are answered this once.
 */
export async function acceptInvitation(
  db: Db,
  sealer: Sealer,
  token: string,
  input: AcceptInvitationInput,
  client: Client,
  limits: OperatorLimits,
): Promise<{
  operator: ReturnType<typeof toOperator>
  recoveryCodes: string[]
  session: IssuedOperatorSession
}> {
  await admitInvitationCall(db, client.ip, limits, TOKEN.test(token) ? hashToken(token) : undefined)
  const passwordHash = await hashPassword(input.password)
  return inTransaction(db, async (tx) => {
    const invitation = await pendingInvitation(tx, token)
    const opened = invitation.totpSecret
      ? sealer.openStored('totp-secret', invitation.totpSecret, `operator-invitation:${invitation.id}`)
      : null
    const secret = opened?.plain
    if (!secret) throw new AppError('INVITATION_INVALID', null, 'Open the invitation link first')
    if (isCommonPassword(input.password, invitation.email)) throw new AppError('WEAK_PASSWORD')
    const step = matchTotp(secret, input.totp)
    if (step === null) throw new AppError('TWO_FACTOR_CODE_INVALID')
    const [row] = await tx
      .insert(operators)
      .values({
        email: invitation.email,
        passwordHash,
        role: invitation.role,
        // Under APP_SECRET even when the invitation's was sealed under APP_SECRET_PREVIOUS.
        totpSecret: opened?.resealed ?? invitation.totpSecret ?? '',
        // The code just typed is spent: the first sign-in needs a later one.
        totpLastStep: step,
        mustChangePassword: false,
        lastSignInAt: sql`now()`,
      })
      .onConflictDoNothing({ target: operators.email })
      .returning()
    if (!row) throw new AppError('OPERATOR_EXISTS')
    const codes = await operatorRecovery.issue(tx, row.id)
    const [accepted] = await tx
      .update(operatorInvitations)
      .set({ acceptedAt: sql`now()` })
      .where(eq(operatorInvitations.id, invitation.id))
      .returning({ acceptedAt: operatorInvitations.acceptedAt })
    const session = await startSession(tx, row.id, client)
    await recordAudit(tx, {
      operator: { operatorId: row.id, email: row.email, role: row.role },
      action: 'operators.invitation-accept',
      target: `operator:${row.id}`,
      // Neither the token, the password nor the secret enters the log.
      before: { invitation: invitation.id, acceptedAt: null },
      after: {
        invitation: invitation.id,
        acceptedAt: accepted?.acceptedAt ?? null,
        email: row.email,
        role: row.role,
        invitedBy: invitation.invitedBy,
      },
      ip: client.ip,
    })
    return { operator: toOperator(row), recoveryCodes: codes, session }
  })
}
