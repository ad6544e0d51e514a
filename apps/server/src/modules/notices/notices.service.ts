import type { Notice } from '@proxy/contract/notices/endpoints'
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { notices } from './notices.schema.ts'

const PAGE_SIZE = 20

const toNotice = (row: typeof notices.$inferSelect): Notice => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  params: row.params,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
})

export async function addNotice(
  db: Db | Tx,
  notice: {
    userId: string
    kind: string
    title: string
    body: string
    params?: Record<string, string | number>
  },
) {
  await db.insert(notices).values(notice)
}

export async function listNotices(db: Db, userId: string, unreadOnly: boolean) {
  const where = and(eq(notices.userId, userId), unreadOnly ? isNull(notices.readAt) : undefined)
  const [rows, [total]] = await Promise.all([
    db.select().from(notices).where(where).orderBy(desc(notices.createdAt)).limit(PAGE_SIZE),
    db.select({ value: count() }).from(notices).where(where),
  ])
  return { items: rows.map(toNotice), total: total?.value ?? 0, page: 1, pageSize: PAGE_SIZE }
}

export async function markRead(db: Db, userId: string, id: string): Promise<Notice> {
  const [row] = await db
    .update(notices)
    .set({ readAt: sql`coalesce(${notices.readAt}, now())` })
    .where(and(eq(notices.id, id), eq(notices.userId, userId)))
    .returning()
  if (!row) throw new AppError('NOT_FOUND')
  return toNotice(row)
}

/** How many of a customer's notices are unread (the overview's badge). */
export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(notices)
    .where(and(eq(notices.userId, userId), isNull(notices.readAt)))
  return row?.value ?? 0
}

/**
 * Notices of `kind` sent since `since`: how many, to how many customers, and the sum of their numeric
 * `count` parameter (the items each one was about; 0 where it has none).
 */
export async function noticesOfKindSince(db: Db, kind: string, since: Date) {
  const [row] = await db
    .select({
      notices: count(),
      customers: sql<number>`count(distinct ${notices.userId})`.mapWith(Number),
      items: sql<number>`coalesce(sum(case when jsonb_typeof(${notices.params}->'count') = 'number'
        then (${notices.params}->>'count')::numeric else 0 end), 0)`.mapWith(Number),
    })
    .from(notices)
    .where(and(eq(notices.kind, kind), sql`${notices.createdAt} >= ${since.toISOString()}::timestamptz`))
  return { notices: row?.notices ?? 0, customers: row?.customers ?? 0, items: row?.items ?? 0 }
}
