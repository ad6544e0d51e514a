// The customer's view of their account's security: signed-in sessions and the sign-in history.
import type { PageQuery } from '@proxy/contract/pagination'
import type { ActiveSession, SignInEventPage } from '@proxy/contract/user/endpoints'
import { count, desc, eq } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { signInEvents } from './auth.schema.ts'
import { customerSessions } from './sessions.ts'

const iso = (date: Date) => date.toISOString()

export async function listSessions(
  db: Db,
  userId: string,
  currentId: string | null,
): Promise<ActiveSession[]> {
  const rows = await customerSessions.list(db, userId)
  return rows.map((row) => ({
    id: row.id,
    createdAt: iso(row.createdAt),
    lastSeenAt: iso(row.lastSeenAt),
    ip: row.ip,
    userAgent: row.userAgent,
    current: row.id === currentId,
  }))
}

/** Another customer's session id answers 404, exactly like an unknown or ended one. */
export async function revokeSession(db: Db, userId: string, id: string): Promise<void> {
  const revoked = await customerSessions.revoke(db, userId, { id, onlyLive: true })
  if (revoked.length === 0) throw new AppError('NOT_FOUND')
}

/** Every session but the calling one (all of them when the call came with an API token). */
export async function revokeOtherSessions(db: Db, userId: string, currentId: string | null): Promise<number> {
  const revoked = await customerSessions.revoke(db, userId, { except: currentId })
  return revoked.length
}

export async function listSignIns(db: Db, userId: string, query: PageQuery): Promise<SignInEventPage> {
  const where = eq(signInEvents.userId, userId)
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(signInEvents)
      .where(where)
      .orderBy(desc(signInEvents.createdAt), desc(signInEvents.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(signInEvents).where(where),
  ])
  return {
    items: rows.map((row) => ({
      id: row.id,
      outcome: row.outcome,
      ip: row.ip,
      userAgent: row.userAgent,
      createdAt: iso(row.createdAt),
    })),
    total: total?.value ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  }
}
