// The operator API for announcements to every customer (notices.manage): list, write, edit, publish
// now, withdraw, delete a draft. Every write is audited (announcements.service.ts).
import {
  createAnnouncement,
  deleteAnnouncement,
  expireAnnouncement,
  listAnnouncements,
  publishAnnouncement,
  updateAnnouncement,
} from '@proxy/contract/admin/announcements'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/client.ts'
import { mount } from '../../platform/route.ts'
import * as service from './announcements.service.ts'
import { actorOf } from './audit.ts'

export async function announcementsRoutes(app: FastifyInstance, { db }: { db: Db; config: Config }) {
  mount(app, listAnnouncements, ({ query }) => service.listAnnouncements(db, query))
  mount(app, createAnnouncement, ({ body, request }) =>
    service.createAnnouncement(db, actorOf(request), body),
  )
  mount(app, updateAnnouncement, ({ params, body, request }) =>
    service.updateAnnouncement(db, actorOf(request), params.id, body),
  )
  mount(app, publishAnnouncement, ({ params, request }) =>
    service.publishAnnouncement(db, actorOf(request), params.id),
  )
  mount(app, expireAnnouncement, ({ params, request }) =>
    service.expireAnnouncement(db, actorOf(request), params.id),
  )
  mount(app, deleteAnnouncement, ({ params, request }) =>
    service.deleteAnnouncement(db, actorOf(request), params.id),
  )
}
