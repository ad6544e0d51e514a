// Refused operator requests in the audit log, beside the writes: every 403 on an operator route (an
// address off the allow-list, a role without the permission, a cross-site write) and every write a
// signed-in operator was refused (a refund of what cannot be refunded, a top-up no longer pending or
// not paid at the gateway, the last owner disabled, a bad input), each with its reason. Sign-in
// failures have their own rows (operators.service.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Db } from '../../platform/db/client.ts'
import type { AppError } from '../../platform/errors.ts'
import { actorOf, recordAudit } from './audit.ts'

export const REFUSED_ACTION = 'refused'

/** Rows one address may add in a minute: refusals before sign-in cost an outsider nothing to cause. */
const ROWS_PER_ADDRESS_PER_MINUTE = 30
/** Addresses tracked in one minute; past it, refusals from new addresses go to the application log only. */
const MAX_ADDRESSES = 10_000
const MINUTE_MS = 60_000

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Every 403 (whoever asked), and every write a signed-in operator was refused (a 401 names nobody). */
const isAudited = (request: FastifyRequest, refusal: AppError) =>
  refusal.status === 403 || (request.operator !== null && !SAFE_METHODS.has(request.method))

/** A per-address allowance of rows a minute, so a flood of refusals cannot flood the audit log. */
export function createRowBudget(perMinute = ROWS_PER_ADDRESS_PER_MINUTE, now = Date.now) {
  let windowStart = now()
  const used = new Map<string, number>()
  return (address: string): boolean => {
    if (now() - windowStart >= MINUTE_MS) {
      used.clear()
      windowStart = now()
    }
    const count = used.get(address) ?? 0
    if (count >= perMinute || (count === 0 && used.size >= MAX_ADDRESSES)) return false
    used.set(address, count + 1)
    return true
  }
}

/**
 * The object a refused request was about: its id or order number, if the route has one. Never any
 * other parameter: an invitation's `:token` is a secret.
 */
function targetOf(request: FastifyRequest): string | null {
  const params = (request.params ?? {}) as Record<string, unknown>
  const target = params.id ?? params.orderNo
  return typeof target === 'string' && target !== '' ? target.slice(0, 128) : null
}

export function auditRefusals(
  app: FastifyInstance,
  db: Db,
  isOperatorRoute: (routeUrl: string | undefined) => boolean,
) {
  const admit = createRowBudget()
  app.onRefusal(async (request, refusal) => {
    const route = request.routeOptions.url
    if (!isOperatorRoute(route) || !isAudited(request, refusal)) return
    if (!admit(request.ip)) {
      request.log.warn(
        { code: refusal.name, ip: request.ip },
        'refusal not audited: this address is over its budget',
      )
      return
    }
    await recordAudit(db, {
      operator: actorOf(request),
      action: REFUSED_ACTION,
      target: targetOf(request),
      after: { route: `${request.method} ${route}`, status: refusal.status },
      reason: `${refusal.name}: ${refusal.message}`,
      ip: request.ip,
    })
  })
}
