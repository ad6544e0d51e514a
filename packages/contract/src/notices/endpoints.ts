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
  query: z.strictObject({ unreadOnly: z.enum(['true', 'false']).default('false') }),
  response: pageOf(Notice),
})

export const markNoticeRead = defineEndpoint({
  method: 'POST',
  path: '/user/notices/:id/read',
  summary: 'Mark a notice read',
  tags: ['user'],
  params: z.strictObject({ id: z.uuid() }),
  response: Notice,
})
