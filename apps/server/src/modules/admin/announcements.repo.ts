// Announcements to every customer: the queries behind the operator console (announcements.service.ts
// audits and calls them) and the customer overview. A status is derived from the times, never stored.
import type { AdminAnnouncement, AnnouncementStatus } from '@proxy/contract/admin/announcements'
import type { Announcement } from '@proxy/contract/notices/endpoints'
import { MAX_SHOWN_ANNOUNCEMENTS } from '@proxy/contract/notices/endpoints'
import { and, desc, eq, gt, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db/client.ts'
import { announcements } from './announcements.schema.ts'

export type AnnouncementRow = typeof announcements.$inferSelect

/** The fields an operator writes. */
export type AnnouncementFields = Pick<
  AnnouncementRow,
  'titleZh' | 'titleEn' | 'bodyZh' | 'bodyEn' | 'severity' | 'publishAt' | 'expiresAt'
>

export function announcementStatus(
  row: Pick<AnnouncementRow, 'publishAt' | 'expiresAt'>,
  now = new Date(),
): AnnouncementStatus {
  if (!row.publishAt) return 'draft'
  if (row.publishAt > now) return 'scheduled'
  if (row.expiresAt && row.expiresAt <= now) return 'expired'
  return 'published'
}

/** The rows of one status, as SQL. */
function statusIs(status: AnnouncementStatus, now: Date): SQL | undefined {
  const { publishAt, expiresAt } = announcements
  switch (status) {
    case 'draft':
      return isNull(publishAt)
    case 'scheduled':
      return gt(publishAt, now)
    case 'published':
      return and(lte(publishAt, now), or(isNull(expiresAt), gt(expiresAt, now)))
    case 'expired':
      return and(lte(publishAt, now), isNotNull(expiresAt), lte(expiresAt, now))
  }
}

export const toAdminAnnouncement = (row: AnnouncementRow, now = new Date()): AdminAnnouncement => ({
  id: row.id,
  titleZh: row.titleZh,
  titleEn: row.titleEn,
  bodyZh: row.bodyZh,
  bodyEn: row.bodyEn,
  severity: row.severity,
  status: announcementStatus(row, now),
  publishAt: row.publishAt?.toISOString() ?? null,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})

export async function listAnnouncementRows(
  db: Db,
  query: { page: number; pageSize: number; status?: AnnouncementStatus | undefined },
  now = new Date(),
) {
  const where = query.status ? statusIs(query.status, now) : undefined
  const rows = await db
    .select()
    .from(announcements)
    .where(where)
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
  return { rows, total: await db.$count(announcements, where) }
}

/** One announcement, locked for the caller's transaction (edits of one row run one after another). */
export async function announcementForUpdate(tx: Tx, id: string): Promise<AnnouncementRow | undefined> {
  const [row] = await tx.select().from(announcements).where(eq(announcements.id, id)).for('update')
  return row
}

export async function insertAnnouncement(
  tx: Db | Tx,
  fields: AnnouncementFields & { createdBy: string },
): Promise<AnnouncementRow> {
  const [row] = await tx.insert(announcements).values(fields).returning()
  if (!row) throw new Error('announcement not inserted')
  return row
}

export async function updateAnnouncementRow(
  tx: Db | Tx,
  id: string,
  fields: Partial<AnnouncementFields>,
): Promise<AnnouncementRow | undefined> {
  const [row] = await tx
    .update(announcements)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(announcements.id, id))
    .returning()
  return row
}

export async function deleteAnnouncementRow(tx: Db | Tx, id: string): Promise<void> {
  await tx.delete(announcements).where(eq(announcements.id, id))
}

/** What customers see now: published (publish time passed, not expired), newest first. */
export async function currentAnnouncements(db: Db, now = new Date()): Promise<Announcement[]> {
  const rows = await db
    .select()
    .from(announcements)
    .where(statusIs('published', now))
    .orderBy(desc(announcements.publishAt), desc(announcements.id))
    .limit(MAX_SHOWN_ANNOUNCEMENTS)
  return rows.map((row) => ({
    id: row.id,
    severity: row.severity,
    titleZh: row.titleZh,
    titleEn: row.titleEn,
    bodyZh: row.bodyZh,
    bodyEn: row.bodyEn,
    publishAt: (row.publishAt ?? now).toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
  }))
}
