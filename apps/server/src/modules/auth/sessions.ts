// Resolving a bearer token to a customer. Every request hits the database, so revocation takes
// effect on the very next request; the lookups are prepared statements because this is the hot path.
// The same query reads the customer's wallet balance (a join on a unique key): GET /user/wallet,
// read on every console page, then needs no second query.
import { API_SCOPES } from '@proxy/contract/api-scopes'
import { and, eq, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { apiTokens, sessions } from './auth.schema.ts'
import type { CustomerAccounts } from './customer-accounts.ts'
import { createSessionStore } from './session-store.ts'
import { API_TOKEN_PREFIX, hashToken, SESSION_PREFIX } from './tokens.ts'

export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000
export const SESSION_IDLE_MS = 7 * 24 * 3600 * 1000

/** Customers' console sessions (session-store.ts): 30 days at most, ended by a week idle. */
export const customerSessions = createSessionStore({
  table: sessions,
  owner: { column: sessions.userId, key: 'userId' },
  prefix: SESSION_PREFIX,
  maxMs: SESSION_TTL_MS,
  idleMs: SESSION_IDLE_MS,
})
// Recording "last seen" on every request would turn each read into a write.
const TOUCH_AFTER_MS = 60 * 1000

import type { AuthContext } from '../../platform/auth-context.ts'

export type { AuthContext }

export function createTokenResolver(db: Db, { walletCentsOf }: Pick<CustomerAccounts, 'walletCentsOf'>) {
  const findSession = db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      lastSeenAt: sessions.lastSeenAt,
      walletCents: walletCentsOf(sessions.userId),
    })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, sql.placeholder('hash')), customerSessions.live))
    .prepare('find_session')
  const findApiToken = db
    .select({
      id: apiTokens.id,
      userId: apiTokens.userId,
      lastUsedAt: apiTokens.lastUsedAt,
      lastUsedIp: apiTokens.lastUsedIp,
      scopes: apiTokens.scopes,
      walletCents: walletCentsOf(apiTokens.userId),
    })
    .from(apiTokens)
    .where(and(eq(apiTokens.tokenHash, sql.placeholder('hash')), isNull(apiTokens.revokedAt)))
    .prepare('find_api_token')

  const stale = (at: Date | null) => !at || Date.now() - at.getTime() > TOUCH_AFTER_MS

  /** `ip`: the client's address, kept as an API token's last address (a session keeps the one it signed in from). */
  return async function resolveToken(token: string, ip: string): Promise<AuthContext | null> {
    const hash = hashToken(token)
    if (token.startsWith(API_TOKEN_PREFIX)) {
      const [row] = await findApiToken.execute({ hash })
      if (!row) return null
      // A new address is written at once: where a token is used from is what its owner checks.
      if (stale(row.lastUsedAt) || row.lastUsedIp !== ip)
        await db
          .update(apiTokens)
          .set({ lastUsedAt: sql`now()`, lastUsedIp: ip })
          .where(eq(apiTokens.id, row.id))
      return {
        userId: row.userId,
        sessionId: null,
        apiTokenId: row.id,
        scopes: row.scopes,
        walletCents: row.walletCents,
      }
    }
    const [row] = await findSession.execute({ hash })
    if (!row) return null
    if (stale(row.lastSeenAt))
      await db
        .update(sessions)
        .set({ lastSeenAt: sql`now()` })
        .where(and(eq(sessions.id, row.id), lt(sessions.lastSeenAt, sql`now()`)))
    // The console is the account's owner at the keyboard: every scope.
    return {
      userId: row.userId,
      sessionId: row.id,
      apiTokenId: null,
      scopes: API_SCOPES,
      walletCents: row.walletCents,
    }
  }
}
