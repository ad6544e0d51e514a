// Credentials come only from the Authorization header: a `token` cookie alone is 401, so a
// cross-site request has nothing to ride on (DESIGN §6).
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import '../../platform/auth-context.ts'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { createTokenResolver } from './sessions.ts'
import { BEARER } from './tokens.ts'

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
