import {
  getAccountAutoStop,
  liftAccountAutoStop,
  setAccountAutoStop,
} from '@proxy/contract/traffic/auto-stop'
import {
  createSubUser,
  deleteSubUser,
  getSubUser,
  getSubUserUsage,
  liftSubUserAutoStop,
  listSubUsers,
  resetSubUserPassword,
  updateSubUser,
} from '@proxy/contract/traffic/sub-users'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../platform/db/client.ts'
import { mount } from '../../platform/route.ts'
import * as autoStop from './auto-stop.service.ts'
import * as subUsers from './sub-users.service.ts'
import { subUserUsage } from './usage.service.ts'

export async function subUserRoutes(app: FastifyInstance, { db }: { db: Db }) {
  mount(app, listSubUsers, ({ auth, query }) => subUsers.listSubUsers(db, auth.userId, query))
  mount(app, createSubUser, ({ auth, body }) => subUsers.createSubUser(db, auth.userId, body))
  mount(app, getSubUser, ({ auth, params }) => subUsers.getSubUser(db, auth.userId, params.id))
  mount(app, updateSubUser, ({ auth, params, body }) =>
    subUsers.updateSubUser(db, auth.userId, params.id, body),
  )
  mount(app, deleteSubUser, async ({ auth, params }) => {
    await subUsers.deleteSubUser(db, auth.userId, params.id)
    return null
  })
  mount(app, resetSubUserPassword, ({ auth, params }) =>
    subUsers.resetSubUserPassword(db, auth.userId, params.id),
  )
  mount(app, liftSubUserAutoStop, ({ auth, params }) =>
    subUsers.liftSubUserAutoStop(db, auth.userId, params.id),
  )
  mount(app, getSubUserUsage, ({ auth, params, query }) => subUserUsage(db, auth.userId, params.id, query))
  mount(app, getAccountAutoStop, ({ auth }) => autoStop.readAutoStop(db, auth.userId))
  mount(app, setAccountAutoStop, ({ auth, body }) => autoStop.setAutoStop(db, auth.userId, body.dailyBytes))
  mount(app, liftAccountAutoStop, ({ auth }) => autoStop.liftAutoStop(db, auth.userId))
}
