// Registration, sign-in and password changes. Services throw AppError; routes stay thin.
import type { Credentials, TwoFactorChallenge } from '@proxy/contract/auth/endpoints'
import { eq, sql } from 'drizzle-orm'
import { type Db, inTransaction, type Tx } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { apiTokens, type SIGN_IN_OUTCOMES, signInEvents, users } from './auth.schema.ts'
import { isCommonPassword } from './common-passwords.ts'
import { endCredentials } from './credentials.ts'
import type { CustomerAccounts } from './customer-accounts.ts'
import { admitLoginAttempt, forgiveLoginAttempt, type LoginLimits } from './login-limits.ts'
import { DUMMY_HASH, hashPassword, verifyPassword } from './passwords.ts'
import type { SessionClient } from './session-store.ts'
import { type AuthContext, customerSessions } from './sessions.ts'
import { CHALLENGE_TTL_MS, type Sealer } from './two-factor.ts'

export type IssuedSession = { token: string; expiresAt: string }

/** Where a request came from, kept with its session and in the sign-in history. */
export type Client = SessionClient

// Browsers send a few hundred characters; the rest is noise or an attack on our storage.
const USER_AGENT_MAX = 512

export const clientOf = (request: { ip: string; headers: Record<string, unknown> }): Client => {
  const agent = request.headers['user-agent']
  return {
    ip: request.ip,
    userAgent: typeof agent === 'string' && agent ? agent.slice(0, USER_AGENT_MAX) : null,
  }
}

export async function startSession(tx: Tx | Db, userId: string, client: Client): Promise<IssuedSession> {
  const { token, expiresAt } = await customerSessions.start(tx, userId, client)
  return { token, expiresAt: expiresAt.toISOString() }
}

export async function recordSignIn(
  db: Db | Tx,
  userId: string,
  outcome: (typeof SIGN_IN_OUTCOMES)[number],
  client: Client,
): Promise<void> {
  await db.insert(signInEvents).values({ userId, outcome, ip: client.ip, userAgent: client.userAgent })
}

/** Creates the customer, their wallet account and a first session in one transaction. */
export async function registerCustomer(
  db: Db,
  accounts: Pick<CustomerAccounts, 'open'>,
  { email, password }: Credentials,
  client: Client,
): Promise<{ userId: string; session: IssuedSession }> {
  if (isCommonPassword(password, email)) throw new AppError('WEAK_PASSWORD')
  const passwordHash = await hashPassword(password)
  return inTransaction(db, async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email, passwordHash })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id })
    if (!user) throw new AppError('EMAIL_TAKEN')
    await accounts.open(tx, user.id)
    // Registering signs the customer in: their sign-in history starts with it.
    await recordSignIn(tx, user.id, 'success', client)
    return { userId: user.id, session: await startSession(tx, user.id, client) }
  })
}

/**
 * Signs in. The attempt is counted before the password is judged (login-limits.ts); over a limit
 * it is refused unjudged, the right password included, until the window passes or the limits
 * are cleared. An account with two-factor sign-in gets a challenge for its code instead of a
 * session, and its attempt stays counted until the code is right (two-factor.service.ts).
 */
export async function signIn(
  db: Db,
  sealer: Sealer,
  { email, password }: Credentials,
  client: Client,
  limits: LoginLimits,
): Promise<IssuedSession | TwoFactorChallenge> {
  const admitted = await admitLoginAttempt(db, email, client.ip, limits)
  const [user] = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      totpEnabledAt: users.totpEnabledAt,
      suspendedAt: users.suspendedAt,
    })
    .from(users)
    .where(eq(users.email, email))
  if (!admitted) {
    if (user) await recordSignIn(db, user.id, 'locked', client)
    throw new AppError('LOGIN_RATE_LIMITED')
  }
  // Unknown addresses cost the same hash as known ones, so timing tells nothing.
  const isValid = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH)
  if (!user || !isValid) {
    if (user) await recordSignIn(db, user.id, 'bad-password', client)
    throw new AppError('INVALID_CREDENTIALS')
  }
  // Said only to whoever knows the password.
  if (user.suspendedAt) throw new AppError('ACCOUNT_SUSPENDED')
  if (user.totpEnabledAt) {
    const expiresAt = Date.now() + CHALLENGE_TTL_MS
    const challenge = sealer.seal('sign-in-challenge', JSON.stringify({ userId: user.id, expiresAt }))
    return { twoFactorRequired: true, challenge, expiresAt: new Date(expiresAt).toISOString() }
  }
  await forgiveLoginAttempt(db, email, client.ip)
  await recordSignIn(db, user.id, 'success', client)
  return startSession(db, user.id, client)
}

/** Revokes whatever credential the request presented: its session or its API token. */
export async function signOut(db: Db, auth: AuthContext): Promise<void> {
  if (auth.sessionId) await customerSessions.revoke(db, auth.userId, { id: auth.sessionId })
  if (auth.apiTokenId)
    await db.update(apiTokens).set({ revokedAt: sql`now()` }).where(eq(apiTokens.id, auth.apiTokenId))
}

/** Sets a new password; ends the customer's other sessions, and their API tokens when `revokeApiTokens`. */
export async function changePassword(
  db: Db,
  auth: AuthContext,
  input: { oldPassword: string; newPassword: string; revokeApiTokens?: boolean | undefined },
): Promise<void> {
  const [user] = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, auth.userId))
  if (!user || !(await verifyPassword(input.oldPassword, user.passwordHash)))
    throw new AppError('WRONG_PASSWORD')
  if (isCommonPassword(input.newPassword, user.email)) throw new AppError('WEAK_PASSWORD')
  const passwordHash = await hashPassword(input.newPassword)
  await inTransaction(db, async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, auth.userId))
    await endCredentials(tx, auth.userId, {
      keepSessionId: auth.sessionId,
      apiTokens: input.revokeApiTokens === true,
    })
  })
}

/**
 * Suspends a customer (or lifts it), in the caller's transaction: a suspension ends every session and
 * API token. Answers the fields before and after, or null when there is no such customer. The node
 * pull leaves a suspended customer's proxies out (a trigger logs the change for the delta).
 */
export async function setSuspension(
  tx: Tx,
  userId: string,
  suspension: { reason: string } | null,
): Promise<{ before: Suspension; after: Suspension } | null> {
  const [current] = await tx
    .select({ suspendedAt: users.suspendedAt, suspendReason: users.suspendReason })
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
  if (!current) return null
  const [after] = await tx
    .update(users)
    .set(
      suspension
        ? { suspendedAt: current.suspendedAt ?? sql`now()`, suspendReason: suspension.reason }
        : { suspendedAt: null, suspendReason: null },
    )
    .where(eq(users.id, userId))
    .returning({ suspendedAt: users.suspendedAt, suspendReason: users.suspendReason })
  if (suspension) await endCredentials(tx, userId, { keepSessionId: null, apiTokens: true })
  return { before: current, after: after ?? current }
}

export type Suspension = { suspendedAt: Date | null; suspendReason: string | null }

/** Whether any customer exists yet (the demo seed only fills an empty database). */
export async function hasCustomers(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).limit(1)
  return row !== undefined
}

/** Inserts a customer unless the email is taken; answers the new id, or null when it was. */
export async function insertCustomer(
  tx: Tx,
  values: { email: string; name: string; passwordHash: string; emailVerifiedAt?: Date },
): Promise<string | null> {
  const [user] = await tx
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id })
  return user?.id ?? null
}
