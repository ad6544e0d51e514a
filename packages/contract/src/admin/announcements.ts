// Announcements to every customer as operators write them: a paged list filtered by status, an editor
// (zh-CN and en-US title and body, severity, an optional publish time and expiry), publish now,
// withdraw (expire now) and deleting a draft. Plain text only: the web renders them as text, never HTML.
import { z } from 'zod'
import { defineEndpoint } from '../endpoint.ts'
import { instant, text } from '../input.ts'
import { AnnouncementSeverity } from '../notices/endpoints.ts'
import { PageQuery, pageOf } from '../pagination.ts'

export { AnnouncementSeverity }

/**
 * Derived from the times, never stored: draft (no publish time), scheduled (publish time ahead),
 * published (publish time passed, expiry ahead or none), expired (expiry passed).
 */
export const AnnouncementStatus = z.enum(['draft', 'scheduled', 'published', 'expired'])
export type AnnouncementStatus = z.infer<typeof AnnouncementStatus>

export const ANNOUNCEMENT_TITLE_MAX = 120
export const ANNOUNCEMENT_BODY_MAX = 2000

export const AdminAnnouncement = z.object({
  id: z.uuid(),
  titleZh: z.string(),
  titleEn: z.string(),
  bodyZh: z.string(),
  bodyEn: z.string(),
  severity: AnnouncementSeverity,
  status: AnnouncementStatus,
  publishAt: z.iso.datetime().nullable(),
  expiresAt: z.iso.datetime().nullable(),
  /** The operator who wrote it. */
  createdBy: z.uuid(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
})
export type AdminAnnouncement = z.infer<typeof AdminAnnouncement>

const Title = text().trim().min(1).max(ANNOUNCEMENT_TITLE_MAX)
const Body = text({ multiline: true }).trim().min(1).max(ANNOUNCEMENT_BODY_MAX)

const fields = {
  titleZh: Title,
  titleEn: Title,
  bodyZh: Body,
  bodyEn: Body,
  severity: AnnouncementSeverity,
  /** Null or absent: a draft. A time ahead: scheduled. */
  publishAt: instant().nullable(),
  /** Null or absent: shown until withdrawn. Must be after publishAt. */
  expiresAt: instant().nullable(),
}

/** An expiry is after the publish time (checked again by the server on the merged values of an edit). */
export const expiresAfterPublish = (
  publishAt: string | null | undefined,
  expiresAt: string | null | undefined,
) => !publishAt || !expiresAt || Date.parse(expiresAt) > Date.parse(publishAt)

const expiryRule = { message: 'must be after publishAt', path: ['expiresAt'] }

export const AnnouncementInput = z
  .strictObject({
    ...fields,
    severity: fields.severity.default('info'),
    publishAt: fields.publishAt.default(null),
    expiresAt: fields.expiresAt.default(null),
  })
  .refine((input) => expiresAfterPublish(input.publishAt, input.expiresAt), expiryRule)
export type AnnouncementInput = z.input<typeof AnnouncementInput>

/** Any field of an announcement; a published one can be edited too. */
export const AnnouncementPatch = z
  .strictObject({
    titleZh: fields.titleZh.optional(),
    titleEn: fields.titleEn.optional(),
    bodyZh: fields.bodyZh.optional(),
    bodyEn: fields.bodyEn.optional(),
    severity: fields.severity.optional(),
    publishAt: fields.publishAt.optional(),
    expiresAt: fields.expiresAt.optional(),
  })
  .refine((input) => expiresAfterPublish(input.publishAt, input.expiresAt), expiryRule)
export type AnnouncementPatch = z.input<typeof AnnouncementPatch>

export const AnnouncementQuery = PageQuery.extend({ status: AnnouncementStatus.optional() })
export type AnnouncementQuery = z.infer<typeof AnnouncementQuery>

const tags = ['admin'] as const
const params = z.strictObject({ id: z.uuid() })
const base = { tags, auth: 'operator', permission: 'notices.manage' } as const

export const listAnnouncements = defineEndpoint({
  ...base,
  method: 'GET',
  path: '/admin/announcements',
  summary: 'Announcements, newest first, filtered by status (derived from the publish and expiry times)',
  query: AnnouncementQuery,
  response: pageOf(AdminAnnouncement),
})

export const createAnnouncement = defineEndpoint({
  ...base,
  method: 'POST',
  path: '/admin/announcements',
  summary: 'Write an announcement: a draft without a publish time, scheduled with one ahead',
  body: AnnouncementInput,
  response: AdminAnnouncement,
})

export const updateAnnouncement = defineEndpoint({
  ...base,
  method: 'PATCH',
  path: '/admin/announcements/:id',
  summary: 'Edit any field of an announcement, published ones included',
  params,
  body: AnnouncementPatch,
  response: AdminAnnouncement,
})

export const publishAnnouncement = defineEndpoint({
  ...base,
  method: 'POST',
  path: '/admin/announcements/:id/publish',
  summary: 'Publish now; an expiry already passed is cleared (shown until withdrawn)',
  params,
  response: AdminAnnouncement,
})

export const expireAnnouncement = defineEndpoint({
  ...base,
  method: 'POST',
  path: '/admin/announcements/:id/expire',
  summary: 'Withdraw a published announcement now (it expires)',
  params,
  response: AdminAnnouncement,
})

export const deleteAnnouncement = defineEndpoint({
  ...base,
  method: 'DELETE',
  path: '/admin/announcements/:id',
  summary: 'Delete a draft (announcements customers may have seen are withdrawn, not deleted)',
  params,
  response: z.null(),
})
