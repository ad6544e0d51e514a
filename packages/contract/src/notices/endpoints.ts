import { z } from 'zod'
import { defineEndpoint } from '../endpoint.ts'
import { pageOf } from '../pagination.ts'

export const Notice = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** Values for the notice's text in the reader's language (kind names the message). */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  createdAt: z.iso.datetime(),
  readAt: z.iso.datetime().nullable(),
})
export type Notice = z.infer<typeof Notice>

export const listNotices = defineEndpoint({
  method: 'GET',
  path: '/user/notices',
  summary: 'Notices for the overview (failed auto-renewals, expiring IPs), newest first',
  tags: ['user'],
  scope: 'read',
  query: z.strictObject({ unreadOnly: z.enum(['true', 'false']).default('false') }),
  response: pageOf(Notice),
})

export const markNoticeRead = defineEndpoint({
  method: 'POST',
  path: '/user/notices/:id/read',
  summary: 'Mark a notice read',
  tags: ['user'],
  scope: 'manage',
  params: z.strictObject({ id: z.uuid() }),
  response: Notice,
})

/** How an announcement is shown: `warning` stands out (maintenance, an outage). */
export const AnnouncementSeverity = z.enum(['info', 'warning'])
export type AnnouncementSeverity = z.infer<typeof AnnouncementSeverity>

/** An announcement to every customer, in both languages: the web shows the reader's. Plain text. */
export const Announcement = z.object({
  id: z.string(),
  severity: AnnouncementSeverity,
  titleZh: z.string(),
  titleEn: z.string(),
  bodyZh: z.string(),
  bodyEn: z.string(),
  publishAt: z.iso.datetime(),
  expiresAt: z.iso.datetime().nullable(),
})
export type Announcement = z.infer<typeof Announcement>

/** At most this many announcements are shown at once (the newest). */
export const MAX_SHOWN_ANNOUNCEMENTS = 10

export const listAnnouncements = defineEndpoint({
  method: 'GET',
  path: '/user/announcements',
  summary: 'Announcements published now (publish time passed, not expired), newest first',
  tags: ['user'],
  scope: 'read',
  response: z.object({ items: z.array(Announcement) }),
})
