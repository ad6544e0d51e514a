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

export async function announcementsRoutes(app: FastifyInstance, { db }: { db: Db; config: Config }) {
  mount(app, listAnnouncements, ({ query }) => service.listAnnouncements(db, query))
  mount(app, createAnnouncement, ({ body, request }) => service.createAnnouncement(db, request, body))
  mount(app, updateAnnouncement, ({ params, body, request }) =>
    service.updateAnnouncement(db, request, params.id, body),
  )
  mount(app, publishAnnouncement, ({ params, request }) =>
    service.publishAnnouncement(db, request, params.id),
  )
  mount(app, expireAnnouncement, ({ params, request }) => service.expireAnnouncement(db, request, params.id))
  mount(app, deleteAnnouncement, ({ params, request }) => service.deleteAnnouncement(db, request, params.id))
}
