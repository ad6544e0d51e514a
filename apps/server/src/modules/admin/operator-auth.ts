// Operator authentication: the console's HttpOnly cookie carries an `op_` session token (never a
// customer's bearer token, which is refused here as a stranger would be), the role must hold the
// route's permission, and an operator with a one-time password may do nothing but change it.
import cookie from '@fastify/cookie'
import {
  ADMIN_SESSION_COOKIE,
  changeOperatorPassword,
  operatorLogout,
  operatorMe,
} from '@proxy/contract/admin/auth'
import { can, type Permission } from '@proxy/contract/admin/permissions'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import ipaddr from 'ipaddr.js'
import '../../platform/auth-context.ts'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { type IssuedOperatorSession, resolveSession } from './operators.service.ts'
import { auditRefusals } from './refusal-audit.ts'

const OPERATOR_TOKEN = /^op_[A-Za-z0-9_-]{43}$/
export const ADMIN_PATH = '/api/admin'
/** What an operator who must change the one-time password may still call. */
const BEFORE_PASSWORD_CHANGE = new Set(
  [operatorMe, changeOperatorPassword, operatorLogout].map((endpoint) => `/api${endpoint.path}`),
)

/** Whether an address is inside one of the allowed addresses or ranges (IPv4-mapped IPv6 taken as IPv4). */
export function isAllowedAddress(address: string, allowed: readonly string[]): boolean {
  if (!ipaddr.isValid(address)) return false
  const subject = ipaddr.process(address)
  return allowed.some((entry) => {
    const base = entry.includes('/') ? ipaddr.parseCIDR(entry) : null
    const single = base ? null : ipaddr.process(entry)
    const range: [ipaddr.IPv4 | ipaddr.IPv6, number] = base ?? [
      single as ipaddr.IPv4 | ipaddr.IPv6,
      single?.kind() === 'ipv4' ? 32 : 128,
    ]
    return subject.kind() === range[0].kind() && subject.match(range)
  })
}

/** Whether a matched route (its pattern, as registered) is one of the operator console's. */
const isAdminRoute = (routeUrl: string | undefined) =>
  routeUrl !== undefined && (routeUrl === ADMIN_PATH || routeUrl.startsWith(`${ADMIN_PATH}/`))

/**
 * The console cookie: `__Secure-admin_session`, marked Secure, exactly when the site is served over
 * https (PUBLIC_URL). Behind a load balancer the request itself may be plain http, so its protocol
 * cannot decide; and a browser refuses a Secure (or `__Secure-`) cookie sent over plain http.
 */
export const operatorCookieOf = (isHttps: boolean) => ({
  name: isHttps ? `__Secure-${ADMIN_SESSION_COOKIE}` : ADMIN_SESSION_COOKIE,
  secure: isHttps,
})

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * A write the console's cookie authenticates must come from the console's own pages: SameSite=Strict
 * still sends the cookie from any page of the same site (another port, a sibling subdomain), so the
 * browser's own word on where the request came from decides — an `Origin` we serve the pages from, or
 * `Sec-Fetch-Site: same-origin` (a page cannot set either). A body must be JSON: an HTML form cannot
 * send that without our say (CORS), so a forged form post is refused even where those headers are
 * missing.
 */
export function refuseCrossSiteWrite(request: FastifyRequest, webOrigins: readonly string[]) {
  if (SAFE_METHODS.has(request.method)) return
  const { origin } = request.headers
  const fromOurPages =
    (origin !== undefined && webOrigins.includes(origin)) ||
    request.headers['sec-fetch-site'] === 'same-origin'
  if (!fromOurPages) throw new AppError('CROSS_SITE_REQUEST')
  const hasBody =
    Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined
  const mediaType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase()
  if (hasBody && mediaType !== 'application/json') throw new AppError('UNSUPPORTED_MEDIA_TYPE')
}

export type AdminAuthOptions = {
  db: Db
  allowedIps: readonly string[]
  isHttps: boolean
  /** Origins whose pages may write with the console's cookie (config.webOrigins). */
  webOrigins: readonly string[]
}

export const adminAuthPlugin = fp(
  async (app: FastifyInstance, { db, allowedIps, isHttps, webOrigins }: AdminAuthOptions) => {
    await app.register(cookie)
    app.decorate('operatorCookie', operatorCookieOf(isHttps))
    app.decorateRequest('operator', null)
    auditRefusals(app, db, isAdminRoute)
    // Decided by the route the request matched, never by its raw URL: the router decodes and
    // normalises (`/api/%61dmin/…`, an absolute-form request line), so a prefix test of the URL can be
    // walked around while the admin route still answers.
    if (allowedIps.length > 0)
      app.addHook('onRequest', async (request) => {
        if (isAdminRoute(request.routeOptions.url) && !isAllowedAddress(request.ip, allowedIps))
          throw new AppError('FORBIDDEN', null, 'The operator console is not open to this address')
      })
    app.decorate('authenticateOperator', async (request: FastifyRequest, permission: Permission) => {
      const token = request.cookies[app.operatorCookie.name]
      const found = token && OPERATOR_TOKEN.test(token) ? await resolveSession(db, token) : null
      if (!found) throw new AppError('UNAUTHORIZED')
      const { operator, sessionId } = found
      request.operator = { operatorId: operator.id, email: operator.email, role: operator.role, sessionId }
      // After the session is known, so the audit log can name whose browser was used.
      refuseCrossSiteWrite(request, webOrigins)
      if (operator.mustChangePassword && !BEFORE_PASSWORD_CHANGE.has(request.routeOptions.url ?? ''))
        throw new AppError('PASSWORD_CHANGE_REQUIRED')
      if (!can(operator.role, permission)) throw new AppError('FORBIDDEN')
    })
  },
)

/** Sets the console cookie: HttpOnly, SameSite=Strict, only for /api/admin, Secure on an https site. */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  session: IssuedOperatorSession,
) {
  const { name, secure } = request.server.operatorCookie
  reply.setCookie(name, session.token, {
    httpOnly: true,
    sameSite: 'strict',
    path: ADMIN_PATH,
    secure,
    expires: session.expiresAt,
  })
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  const { name, secure } = request.server.operatorCookie
  reply.clearCookie(name, { httpOnly: true, sameSite: 'strict', path: ADMIN_PATH, secure })
}
