// Credentials come only from the Authorization header: a `token` cookie alone is 401, so a
// cross-site request has nothing to ride on (DESIGN §6).
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { type AuthContext, createTokenResolver } from '../modules/auth/sessions.ts'
import { BEARER } from '../modules/auth/tokens.ts'
import type { Db } from './db/client.ts'
import { AppError } from './errors.ts'

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>
  }
  interface FastifyRequest {
    auth: AuthContext | null
  }
}

export const authPlugin = fp(async (app: FastifyInstance, { db }: { db: Db }) => {
  const resolveToken = createTokenResolver(db)
  app.decorateRequest('auth', null)
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const match = BEARER.exec(request.headers.authorization ?? '')
    const auth = match?.[1] ? await resolveToken(match[1]) : null
    if (!auth) throw new AppError('UNAUTHORIZED')
    request.auth = auth
  })
})
