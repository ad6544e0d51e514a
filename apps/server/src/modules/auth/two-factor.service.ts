// Two-factor sign-in: setting it up, turning it on and off, and the code step of signing in.
// The secret leaves the server once, in the setup answer; it is kept sealed (two-factor.ts).
import type { TwoFactorLoginInput } from '@proxy/contract/auth/endpoints'
import type { RecoveryCodes, TwoFactorSetup } from '@proxy/contract/user/endpoints'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { type Db, inTransaction } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { recoveryCodes, users } from './auth.schema.ts'
import { type Client, type IssuedSession, recordSignIn, startSession } from './auth.service.ts'
import { admitAttempt, admitLoginAttempt, forgiveLoginAttempt, type LoginLimits } from './login-limits.ts'
import { verifyPassword } from './passwords.ts'
import { createRecoveryCodeStore, openStoredSecret, spendSecondFactor } from './second-factor.ts'
import { stepOnceGuard } from './totp-replay.ts'
import { newTotpSecret, type Sealer } from './two-factor.ts'

type SecretRow = { id: string; totpSecret: string | null }

/** Customers' recovery codes, and their authenticator codes each taken once (totp-replay.ts). */
const recovery = createRecoveryCodeStore({
  table: recoveryCodes,
  owner: { column: recoveryCodes.userId, key: 'userId' },
})
const replay = stepOnceGuard('totp-used')

/**
 * Opens the customer's TOTP secret. One sealed under APP_SECRET_PREVIOUS is stored under APP_SECRET
 * now, and `user` then holds the stored value (enabling compares it).
 */
async function openSecret(db: Db, sealer: Sealer, user: SecretRow): Promise<string | null> {
  const sealed = user.totpSecret
  if (!sealed) return null
  return openStoredSecret(sealer, sealed, `user:${user.id}`, async (resealed) => {
    // Only over the value read: a secret replaced meanwhile (set up again) is left alone.
    const stored = await db
      .update(users)
      .set({ totpSecret: resealed })
      .where(and(eq(users.id, user.id), eq(users.totpSecret, sealed)))
      .returning({ id: users.id })
    if (stored.length > 0) user.totpSecret = resealed
  })
}

/**
 * Spends a code: a right authenticator code not used before (each time step once), or, when
 * allowed, an unused recovery code. False for anything else.
 */
async function spendCode(
  db: Db,
  sealer: Sealer,
  user: SecretRow,
  code: string,
  { allowRecovery }: { allowRecovery: boolean },
): Promise<boolean> {
  const secret = await openSecret(db, sealer, user)
  const factor = { ownerId: user.id, secret, code, replay, recovery: allowRecovery ? recovery : null }
  return (await spendSecondFactor(db, factor)) === 'spent'
}

async function readAccount(db: Db, userId: string) {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
      totpSecret: users.totpSecret,
      totpEnabledAt: users.totpEnabledAt,
    })
    .from(users)
    .where(eq(users.id, userId))
  if (!user) throw new AppError('UNAUTHORIZED')
  return user
}

/** A new secret for the authenticator (replacing one not yet confirmed); the password proves it is the customer. */
export async function setupTwoFactor(
  db: Db,
  sealer: Sealer,
  userId: string,
  password: string,
): Promise<TwoFactorSetup> {
  const user = await readAccount(db, userId)
  if (!(await verifyPassword(password, user.passwordHash))) throw new AppError('WRONG_PASSWORD')
  if (user.totpEnabledAt) throw new AppError('TWO_FACTOR_ALREADY_ENABLED')
  const { secret, uri } = newTotpSecret(user.email)
  const stored = await db
    .update(users)
    .set({ totpSecret: sealer.seal('totp-secret', secret) })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
    .returning({ id: users.id })
  if (stored.length === 0) throw new AppError('TWO_FACTOR_ALREADY_ENABLED')
  return { uri, secret }
}

/** Turns it on with a current code from the set-up secret; answers the recovery codes, shown this once. */
export async function enableTwoFactor(
  db: Db,
  sealer: Sealer,
  userId: string,
  code: string,
): Promise<RecoveryCodes> {
  const user = await readAccount(db, userId)
  if (user.totpEnabledAt) throw new AppError('TWO_FACTOR_ALREADY_ENABLED')
  if (!user.totpSecret) throw new AppError('TWO_FACTOR_NOT_SET_UP')
  if (!(await spendCode(db, sealer, user, code, { allowRecovery: false })))
    throw new AppError('TWO_FACTOR_CODE_INVALID')
  return inTransaction(db, async (tx) => {
    const enabled = await tx
      .update(users)
      .set({ totpEnabledAt: sql`now()` })
      .where(
        and(eq(users.id, userId), isNull(users.totpEnabledAt), eq(users.totpSecret, user.totpSecret ?? '')),
      )
      .returning({ id: users.id })
    if (enabled.length === 0) throw new AppError('TWO_FACTOR_ALREADY_ENABLED')
    await recovery.clear(tx, userId)
    return { recoveryCodes: await recovery.issue(tx, userId) }
  })
}

/** Turns it off with the password and a code or a recovery code; guesses are limited like sign-ins. */
export async function disableTwoFactor(
  db: Db,
  sealer: Sealer,
  userId: string,
  input: { password: string; code: string },
  limit: number,
): Promise<void> {
  const user = await readAccount(db, userId)
  if (!(await admitAttempt(db, `2fa-disable:${userId}`, limit))) throw new AppError('RATE_LIMITED')
  if (!(await verifyPassword(input.password, user.passwordHash))) throw new AppError('WRONG_PASSWORD')
  if (!user.totpEnabledAt) throw new AppError('TWO_FACTOR_NOT_SET_UP')
  if (!(await spendCode(db, sealer, user, input.code, { allowRecovery: true })))
    throw new AppError('TWO_FACTOR_CODE_INVALID')
  await inTransaction(db, async (tx) => {
    await tx.update(users).set({ totpSecret: null, totpEnabledAt: null }).where(eq(users.id, userId))
    await recovery.clear(tx, userId)
  })
}

const openChallenge = (sealer: Sealer, challenge: string): string | null => {
  const plain = sealer.open('sign-in-challenge', challenge)
  if (!plain) return null
  try {
    const { userId, expiresAt } = JSON.parse(plain) as { userId?: unknown; expiresAt?: unknown }
    return typeof userId === 'string' && typeof expiresAt === 'number' && expiresAt > Date.now()
      ? userId
      : null
  } catch {
    return null
  }
}

/**
 * The code step of a sign-in. Counted against the same limits as the password (the password step
 * left its attempt counted); a right code forgives it and starts the session.
 */
export async function completeTwoFactorSignIn(
  db: Db,
  sealer: Sealer,
  input: TwoFactorLoginInput,
  client: Client,
  limits: LoginLimits,
): Promise<IssuedSession> {
  const userId = openChallenge(sealer, input.challenge)
  const [user] = userId
    ? await db
        .select({
          id: users.id,
          email: users.email,
          totpSecret: users.totpSecret,
          totpEnabledAt: users.totpEnabledAt,
          suspendedAt: users.suspendedAt,
        })
        .from(users)
        .where(eq(users.id, userId))
    : []
  if (!user?.totpEnabledAt) throw new AppError('TWO_FACTOR_CHALLENGE_EXPIRED')
  if (!(await admitLoginAttempt(db, user.email, client.ip, limits))) {
    await recordSignIn(db, user.id, 'locked', client)
    throw new AppError('LOGIN_RATE_LIMITED')
  }
  if (!(await spendCode(db, sealer, user, input.code, { allowRecovery: true }))) {
    await recordSignIn(db, user.id, 'bad-code', client)
    throw new AppError('TWO_FACTOR_CODE_INVALID')
  }
  if (user.suspendedAt) throw new AppError('ACCOUNT_SUSPENDED')
  await forgiveLoginAttempt(db, user.email, client.ip)
  await recordSignIn(db, user.id, 'success', client)
  return startSession(db, user.id, client)
}
