import {
  type Announcement,
  listAnnouncements,
  listNotices,
  markNoticeRead,
} from '@proxy/contract/notices/endpoints'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../platform/db/client.ts'
import { mount } from '../../platform/route.ts'
import * as noticeService from './notices.service.ts'

type NoticeRouteDeps = {
  db: Db
  /** The published announcements (the operators' table, in modules/admin; app.ts wires it). */
  currentAnnouncements: (db: Db) => Promise<Announcement[]>
}

export async function noticeRoutes(app: FastifyInstance, { db, currentAnnouncements }: NoticeRouteDeps) {
  mount(app, listNotices, ({ auth, query }) =>
    noticeService.listNotices(db, auth.userId, query.unreadOnly === 'true'),
  )
  mount(app, listAnnouncements, async () => ({ items: await currentAnnouncements(db) }))
  mount(app, markNoticeRead, ({ auth, params }) => noticeService.markRead(db, auth.userId, params.id))
}
