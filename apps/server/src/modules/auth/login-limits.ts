// Sign-in limits kept in the database, so every replica shares them. Each attempt is counted with
// one upsert before the password is judged: concurrent guesses each get their own number and at
// most the limit is ever judged. Failures count per account from one address (the guesser's
// budget) and, with a higher ceiling, per account from everywhere (a guesser with many addresses),
// so a stranger cannot lock a customer out of their usual address with a few wrong passwords.
// The same table counts other limited actions: per 15 minutes, or per hour under `hourly:` keys.
import { and, eq, lt, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { loginAttempts } from './auth.schema.ts'

export const LOGIN_WINDOW_MS = 15 * 60 * 1000
const WINDOW = sql.raw(`interval '${LOGIN_WINDOW_MS / 1000} seconds'`)
const HOURLY_WINDOW = sql.raw(`interval '3600 seconds'`)
/** Keys of hourly counters start so: the purge keeps them for their whole hour. */
const HOURLY = 'hourly:'

export type LoginLimits = { perAccountAndAddress: number; perAccount: number }

const keysOf = (email: string, address: string) => ({
  account: `account:${email}`,
  accountAndAddress: `account-address:${email}|${address}`,
})

/** Counts one attempt on each key in its window, in one upsert; answers each key's count. */
async function countAttempts(
  db: Db,
  keys: readonly string[],
  window: SQL = WINDOW,
): Promise<Map<string, number>> {
  const rows = sql.join(
    keys.map((key) => sql`(${key}, 1, now())`),
    sql`, `,
  )
  const counted = (await db.execute(sql`
    insert into login_attempts as a (key, attempts, window_started_at)
    values ${rows}
    on conflict (key) do update set
      attempts = case when a.window_started_at > now() - ${window} then a.attempts + 1 else 1 end,
      window_started_at = case when a.window_started_at > now() - ${window} then a.window_started_at else now() end
    returning key, attempts`)) as unknown as { rows: { key: string; attempts: number }[] }
  return new Map(counted.rows.map((row) => [row.key, Number(row.attempts)]))
}

/** Counts this attempt; answers false when it is over either limit and must not be judged. */
export async function admitLoginAttempt(
  db: Db,
  email: string,
  address: string,
  limits: LoginLimits,
): Promise<boolean> {
  const keys = keysOf(email, address)
  const attempts = await countAttempts(db, [keys.account, keys.accountAndAddress])
  return (
    (attempts.get(keys.account) ?? 0) <= limits.perAccount &&
    (attempts.get(keys.accountAndAddress) ?? 0) <= limits.perAccountAndAddress
  )
}

/**
 * Counts one use of something else limited per 15 minutes in the same table (password-reset mails
 * per address, verification mails per customer), under a key of its own kind; false when over `limit`.
 */
export async function admitAttempt(db: Db, key: string, limit: number): Promise<boolean> {
  const attempts = await countAttempts(db, [key])
  return (attempts.get(key) ?? 0) <= limit
}

/**
 * Counts one use of something limited per hour (credential resets per static IP) in its own hourly
 * window, which the first use starts; false when over `limit`.
 */
export async function admitHourlyAttempt(db: Db, key: string, limit: number): Promise<boolean> {
  const hourlyKey = `${HOURLY}${key}`
  const attempts = await countAttempts(db, [hourlyKey], HOURLY_WINDOW)
  return (attempts.get(hourlyKey) ?? 0) <= limit
}

/** A right password: its attempt was no failure, and this address starts afresh. */
export async function forgiveLoginAttempt(db: Db, email: string, address: string): Promise<void> {
  const keys = keysOf(email, address)
  await db.delete(loginAttempts).where(eq(loginAttempts.key, keys.accountAndAddress))
  await db
    .update(loginAttempts)
    .set({ attempts: sql`greatest(${loginAttempts.attempts} - 1, 0)` })
    .where(eq(loginAttempts.key, keys.account))
}

/** Lifts every sign-in lock on an account (a password reset, or an operator's unlock). */
export async function clearLoginLimits(db: Db, email: string): Promise<number> {
  const cleared = await db
    .delete(loginAttempts)
    .where(
      sql`${loginAttempts.key} = ${keysOf(email, '').account} or starts_with(${loginAttempts.key}, ${`account-address:${email}|`})`,
    )
    .returning({ key: loginAttempts.key })
  return cleared.length
}

/** Job: forget counters whose window has passed. */
export async function purgeLoginAttempts(db: Db): Promise<void> {
  await db
    .delete(loginAttempts)
    .where(
      or(
        lt(loginAttempts.windowStartedAt, sql`now() - ${HOURLY_WINDOW}`),
        and(
          lt(loginAttempts.windowStartedAt, sql`now() - ${WINDOW}`),
          sql`not starts_with(${loginAttempts.key}, ${HOURLY})`,
        ),
      ),
    )
}
