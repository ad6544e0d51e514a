// The signed-in customer's profile and API tokens.
import type { ApiScope } from '@proxy/contract/api-scopes'
import type { ApiToken, Me, UpdateMeInput } from '@proxy/contract/user/endpoints'
import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { apiTokens, users } from './auth.schema.ts'
import { API_TOKEN_PREFIX, displayPrefix, hashToken, newToken } from './tokens.ts'

// A customer with more tokens than this is doing something a key manager should do.
export const MAX_API_TOKENS = 20

const iso = (date: Date) => date.toISOString()

const profileColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  createdAt: users.createdAt,
  emailVerifiedAt: users.emailVerifiedAt,
  language: users.language,
  timeZone: users.timeZone,
  tourSeenAt: users.tourSeenAt,
  totpEnabledAt: users.totpEnabledAt,
}

type ProfileRow = Pick<typeof users.$inferSelect, keyof typeof profileColumns>

const toMe = ({ emailVerifiedAt, tourSeenAt, totpEnabledAt, createdAt, ...row }: ProfileRow): Me => ({
  ...row,
  createdAt: iso(createdAt),
  emailVerified: emailVerifiedAt !== null,
  tourSeen: tourSeenAt !== null,
  twoFactor: totpEnabledAt !== null,
})

export function createProfileReader(db: Db) {
  // Read on every console page load: a prepared statement (DESIGN §10).
  const findUser = db
    .select(profileColumns)
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('find_profile')

  return async function readProfile(userId: string): Promise<Me> {
    const [user] = await findUser.execute({ userId })
    if (!user) throw new AppError('UNAUTHORIZED')
    return toMe(user)
  }
}

/** Changes what the customer sent (at least one field; the contract checks that) and nothing else. */
export async function updateProfile(db: Db, userId: string, input: UpdateMeInput): Promise<Me> {
  const [user] = await db
    .update(users)
    .set({
      ...(input.name !== undefined && { name: input.name }),
      ...(input.language !== undefined && { language: input.language }),
      ...(input.timeZone !== undefined && { timeZone: input.timeZone }),
      // The first time counts: seeing the tour again on another browser changes nothing.
      ...(input.tourSeen && { tourSeenAt: sql`coalesce(${users.tourSeenAt}, now())` }),
    })
    .where(eq(users.id, userId))
    .returning(profileColumns)
  if (!user) throw new AppError('UNAUTHORIZED')
  return toMe(user)
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
    lastUsedIp: row.lastUsedIp,
    scopes: row.scopes,
  }))
}

/** `scopes`: at least one, in the canonical order (the contract's ApiScopes made them so). */
export async function createApiToken(db: Db, userId: string, input: { name: string; scopes: ApiScope[] }) {
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
  if (count >= MAX_API_TOKENS) throw new AppError('TOO_MANY_API_TOKENS', { max: MAX_API_TOKENS })
  const token = newToken(API_TOKEN_PREFIX)
  const [row] = await db
    .insert(apiTokens)
    .values({
      userId,
      name: input.name,
      scopes: input.scopes,
      prefix: displayPrefix(token),
      tokenHash: hashToken(token),
    })
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
