// Announcements as operators write them: the queries live in announcements.repo.ts;
// here each write runs in one transaction with its audit row (before and after).
import type {
  AdminAnnouncement,
  AnnouncementInput,
  AnnouncementPatch,
  AnnouncementQuery,
} from '@proxy/contract/admin/announcements'
import { type Db, inTransaction, type Tx } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import {
  type AnnouncementFields,
  type AnnouncementRow,
  announcementForUpdate,
  deleteAnnouncementRow,
  insertAnnouncement,
  listAnnouncementRows,
  toAdminAnnouncement,
  updateAnnouncementRow,
} from './announcements.repo.ts'
import { type Actor, recordAudit } from './audit.ts'

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', { issues: [{ field, message }] }, `${field}: ${message}`)

const dateOf = (value: string | null | undefined) => (value ? new Date(value) : null)

/** What the audit log keeps of an announcement: every field an operator writes. */
const audited = (row: AnnouncementRow): Record<string, unknown> => ({
  titleZh: row.titleZh,
  titleEn: row.titleEn,
  bodyZh: row.bodyZh,
  bodyEn: row.bodyEn,
  severity: row.severity,
  publishAt: row.publishAt,
  expiresAt: row.expiresAt,
})

function checkTimes(fields: Pick<AnnouncementFields, 'publishAt' | 'expiresAt'>) {
  if (fields.publishAt && fields.expiresAt && fields.expiresAt <= fields.publishAt)
    throw invalid('expiresAt', 'must be after publishAt')
}

async function existing(tx: Tx, id: string) {
  const row = await announcementForUpdate(tx, id)
  if (!row) throw new AppError('NOT_FOUND')
  return row
}

export async function listAnnouncements(db: Db, query: AnnouncementQuery) {
  const now = new Date()
  const { rows, total } = await listAnnouncementRows(db, query, now)
  return {
    items: rows.map((row) => toAdminAnnouncement(row, now)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  }
}

export async function createAnnouncement(
  db: Db,
  actor: Actor,
  input: AnnouncementInput,
): Promise<AdminAnnouncement> {
  const operatorId = actor.operatorId
  if (!operatorId) throw new AppError('UNAUTHORIZED')
  const fields: AnnouncementFields = {
    titleZh: input.titleZh,
    titleEn: input.titleEn,
    bodyZh: input.bodyZh,
    bodyEn: input.bodyEn,
    severity: input.severity ?? 'info',
    publishAt: dateOf(input.publishAt),
    expiresAt: dateOf(input.expiresAt),
  }
  checkTimes(fields)
  return inTransaction(db, async (tx) => {
    const row = await insertAnnouncement(tx, { ...fields, createdBy: operatorId })
    await recordAudit(tx, {
      operator: actor,
      action: 'announcements.create',
      target: `announcement:${row.id}`,
      before: { exists: false },
      after: { exists: true, ...audited(row) },
      ip: actor.ip,
    })
    return toAdminAnnouncement(row)
  })
}

/** Changes some fields of one announcement under its row lock, audited; `check` may refuse the change. */
async function change(
  db: Db,
  actor: Actor,
  id: string,
  action: string,
  fieldsOf: (row: AnnouncementRow, now: Date) => Partial<AnnouncementFields> | null,
): Promise<AdminAnnouncement> {
  return inTransaction(db, async (tx) => {
    const now = new Date()
    const before = await existing(tx, id)
    const fields = fieldsOf(before, now)
    // Nothing to change is not a write.
    if (!fields) return toAdminAnnouncement(before, now)
    checkTimes({ publishAt: before.publishAt, expiresAt: before.expiresAt, ...fields })
    const after = await updateAnnouncementRow(tx, id, fields)
    if (!after) throw new AppError('NOT_FOUND')
    await recordAudit(tx, {
      operator: actor,
      action,
      target: `announcement:${id}`,
      before: audited(before),
      after: audited(after),
      ip: actor.ip,
    })
    return toAdminAnnouncement(after, now)
  })
}

export const updateAnnouncement = (db: Db, actor: Actor, id: string, patch: AnnouncementPatch) =>
  change(db, actor, id, 'announcements.update', () => {
    const fields: Partial<AnnouncementFields> = {}
    for (const key of ['titleZh', 'titleEn', 'bodyZh', 'bodyEn', 'severity'] as const)
      if (patch[key] !== undefined) Object.assign(fields, { [key]: patch[key] })
    if (patch.publishAt !== undefined) fields.publishAt = dateOf(patch.publishAt)
    if (patch.expiresAt !== undefined) fields.expiresAt = dateOf(patch.expiresAt)
    return Object.keys(fields).length > 0 ? fields : null
  })

/** Publish now: the publish time becomes now; an expiry already passed is cleared (until withdrawn). */
export const publishAnnouncement = (db: Db, actor: Actor, id: string) =>
  change(db, actor, id, 'announcements.publish', (row, now) => {
    if (row.publishAt && row.publishAt <= now && !(row.expiresAt && row.expiresAt <= now)) return null
    return { publishAt: now, expiresAt: row.expiresAt && row.expiresAt <= now ? null : row.expiresAt }
  })

/** Withdraw: a published announcement expires now. Drafts are deleted, scheduled ones unscheduled. */
export const expireAnnouncement = (db: Db, actor: Actor, id: string) =>
  change(db, actor, id, 'announcements.expire', (row, now) => {
    if (!row.publishAt || row.publishAt > now)
      throw invalid('id', 'only a published announcement can be withdrawn')
    if (row.expiresAt && row.expiresAt <= now) return null
    return { expiresAt: now }
  })

export async function deleteAnnouncement(db: Db, actor: Actor, id: string): Promise<null> {
  return inTransaction(db, async (tx) => {
    const before = await existing(tx, id)
    if (before.publishAt)
      throw invalid('id', 'only a draft can be deleted; withdraw a published announcement instead')
    await deleteAnnouncementRow(tx, id)
    await recordAudit(tx, {
      operator: actor,
      action: 'announcements.delete',
      target: `announcement:${id}`,
      before: { exists: true, ...audited(before) },
      after: { exists: false },
      ip: actor.ip,
    })
    return null
  })
}
