// Credentials come only from the Authorization header: a `token` cookie alone is 401, so a
// cross-site request has nothing to ride on (DESIGN §6). An API token's scopes are checked here,
// once for every route, from the scope the route declares (its contract endpoint's, via mount()).
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import { assertScope } from '../../platform/auth-context.ts'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import type { CustomerAccounts } from './customer-accounts.ts'
import { createTokenResolver } from './sessions.ts'
import { BEARER } from './tokens.ts'

type AuthPluginOptions = { db: Db; accounts: CustomerAccounts }

const hooksOf = (hooks: RouteOptions['onRequest']) => (Array.isArray(hooks) ? hooks : hooks ? [hooks] : [])

export const authPlugin = fp(async (app: FastifyInstance, { db, accounts }: AuthPluginOptions) => {
  const resolveToken = createTokenResolver(db, accounts)
  app.decorateRequest('auth', null)
  const authenticate = async (request: FastifyRequest) => {
    const match = BEARER.exec(request.headers.authorization ?? '')
    const auth = match?.[1] ? await resolveToken(match[1], request.ip) : null
    if (!auth) throw new AppError('UNAUTHORIZED')
    request.auth = auth
    // Absent only outside a route (a URL the router refused): routes without one never start (below).
    const scope = request.routeOptions?.config?.scope
    if (scope) assertScope(auth, scope)
  }
  app.decorate('authenticate', authenticate)
  // What guards the account itself (its tokens, password, second factor, sessions) needs the console:
  // a leaked API token must not be able to mint another or lock its owner out (credentials.ts).
  app.decorate('authenticateSession', async (request: FastifyRequest) => {
    await authenticate(request)
    if (!request.auth?.sessionId) throw new AppError('SESSION_REQUIRED')
  })
  // A customer route that takes API tokens and names no scope would be open to every token: the
  // server refuses to start instead (mount() sets it from the contract; a raw route sets config.scope).
  app.addHook('onRoute', (route) => {
    if (hooksOf(route.onRequest).includes(authenticate) && !route.config?.scope)
      throw new Error(`${route.method} ${route.url}: a customer route names the API token scope it needs`)
  })
})
