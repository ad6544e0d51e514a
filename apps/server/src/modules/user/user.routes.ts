import {
  createApiToken,
  getMe,
  listApiTokens,
  revokeApiToken,
  updateMe,
} from '@proxy/contract/user/endpoints'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../platform/db/client.ts'
import { mount } from '../../platform/route.ts'
import * as users from './user.service.ts'

export async function userRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const readProfile = users.createProfileReader(db)
  mount(app, getMe, ({ auth }) => readProfile(auth.userId))
  mount(app, updateMe, ({ auth, body }) => users.renameProfile(db, auth.userId, body.name))
  mount(app, listApiTokens, async ({ auth }) => ({ items: await users.listApiTokens(db, auth.userId) }))
  mount(app, createApiToken, ({ auth, body }) => users.createApiToken(db, auth.userId, body.name))
  mount(app, revokeApiToken, async ({ auth, params }) => {
    await users.revokeApiToken(db, auth.userId, params.id)
    return null
  })
}
