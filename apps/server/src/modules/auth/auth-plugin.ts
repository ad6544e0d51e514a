// Credentials come only from the Authorization header: a `token` cookie alone is 401, so a
// cross-site request has nothing to ride on (DESIGN §6).
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import '../../platform/auth-context.ts'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import type { CustomerAccounts } from './customer-accounts.ts'
import { createTokenResolver } from './sessions.ts'
import { BEARER } from './tokens.ts'

type AuthPluginOptions = { db: Db; accounts: CustomerAccounts }

export const authPlugin = fp(async (app: FastifyInstance, { db, accounts }: AuthPluginOptions) => {
  const resolveToken = createTokenResolver(db, accounts)
  app.decorateRequest('auth', null)
  const authenticate = async (request: FastifyRequest) => {
    const match = BEARER.exec(request.headers.authorization ?? '')
    const auth = match?.[1] ? await resolveToken(match[1], request.ip) : null
    if (!auth) throw new AppError('UNAUTHORIZED')
    request.auth = auth
  }
  app.decorate('authenticate', authenticate)
  // What guards the account itself (its tokens, password, second factor, sessions) needs the console:
  // a leaked API token must not be able to mint another or lock its owner out (credentials.ts).
  app.decorate('authenticateSession', async (request: FastifyRequest) => {
    await authenticate(request)
    if (!request.auth?.sessionId) throw new AppError('SESSION_REQUIRED')
  })
})
