// The signed-in customer's profile and API tokens.
import type { ApiToken, Me } from '@proxy/contract/user/endpoints'
import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { apiTokens, users } from './auth.schema.ts'
import { API_TOKEN_PREFIX, displayPrefix, hashToken, newToken } from './tokens.ts'

// A customer with more tokens than this is doing something a key manager should do.
export const MAX_API_TOKENS = 20

const iso = (date: Date) => date.toISOString()

export function createProfileReader(db: Db) {
  // Read on every console page load: a prepared statement (DESIGN §10).
  const findUser = db
    .select({ id: users.id, email: users.email, name: users.name, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('find_profile')

  return async function readProfile(userId: string): Promise<Me> {
    const [user] = await findUser.execute({ userId })
    if (!user) throw new AppError('UNAUTHORIZED')
    return { ...user, createdAt: iso(user.createdAt) }
  }
}

export async function renameProfile(db: Db, userId: string, name: string): Promise<Me> {
  const [user] = await db
    .update(users)
    .set({ name })
    .where(eq(users.id, userId))
    .returning({ id: users.id, email: users.email, name: users.name, createdAt: users.createdAt })
  if (!user) throw new AppError('UNAUTHORIZED')
  return { ...user, createdAt: iso(user.createdAt) }
}

export async function listApiTokens(db: Db, userId: string): Promise<ApiToken[]> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt))
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: iso(row.createdAt),
    lastUsedAt: row.lastUsedAt ? iso(row.lastUsedAt) : null,
  }))
}

export async function createApiToken(db: Db, userId: string, name: string) {
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
  if (count >= MAX_API_TOKENS) throw new AppError('TOO_MANY_API_TOKENS', { max: MAX_API_TOKENS })
  const token = newToken(API_TOKEN_PREFIX)
  const [row] = await db
    .insert(apiTokens)
    .values({ userId, name, prefix: displayPrefix(token), tokenHash: hashToken(token) })
    .returning({ id: apiTokens.id })
  if (!row) throw new Error('API token not created')
  return { id: row.id, token }
}

/** Another customer's token id answers 404, exactly like an unknown one. */
export async function revokeApiToken(db: Db, userId: string, id: string): Promise<void> {
  const revoked = await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id })
  if (revoked.length === 0) throw new AppError('NOT_FOUND')
}
