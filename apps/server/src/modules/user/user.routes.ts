import {
  addIpWhitelist,
  createApiToken,
  getMe,
  IP_WHITELIST_MAX,
  listApiTokens,
  listIpWhitelist,
  removeIpWhitelist,
  revokeApiToken,
  updateMe,
} from '@proxy/contract/user/endpoints'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../platform/db/client.ts'
import { mount } from '../../platform/route.ts'
import { profiles as users } from '../auth/index.ts'
import * as whitelist from './ip-whitelist.service.ts'

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
  mount(app, listIpWhitelist, async ({ auth }) => ({
    items: await whitelist.listWhitelist(db, auth.userId),
    max: IP_WHITELIST_MAX,
  }))
  mount(app, addIpWhitelist, ({ auth, body }) => whitelist.addToWhitelist(db, auth.userId, body.source))
  mount(app, removeIpWhitelist, async ({ auth, params }) => {
    await whitelist.removeFromWhitelist(db, auth.userId, params.id)
    return null
  })
}
