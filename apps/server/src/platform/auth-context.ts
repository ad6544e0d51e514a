// Who a request acts for, as the platform's routes see it. The auth module (modules/auth) resolves
// the token and decorates the app with `authenticate`; app.ts registers it. The platform only
// knows the shape.
import type { OperatorRole, Permission } from '@proxy/contract/admin/permissions'
import type { ApiScope } from '@proxy/contract/api-scopes'
import type { FastifyRequest } from 'fastify'
import { AppError, type RefusalListener } from './errors.ts'

export type AuthContext = {
  userId: string
  sessionId: string | null
  apiTokenId: string | null
  /** What the credential may do: every scope for a console session, the token's own for an API token. */
  scopes: readonly ApiScope[]
  /**
   * The customer's wallet balance in cents, read by the same query that found the session (the
   * console reads it on every page); null before the wallet exists.
   */
  walletCents: number | null
}

/** An operator's request (the admin module resolves the console's session cookie). */
export type OperatorContext = { operatorId: string; email: string; role: OperatorRole; sessionId: string }

/** Refuses (403 SCOPE_REQUIRED, naming it) a credential without `scope`. */
export function assertScope(auth: Pick<AuthContext, 'scopes'>, scope: ApiScope) {
  if (!auth.scopes.includes(scope))
    throw new AppError(
      'SCOPE_REQUIRED',
      { scope },
      `This API token lacks the "${scope}" scope this call needs`,
    )
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The scope a customer route needs (from its contract endpoint, set by mount()); checked by
     * `authenticate` itself, which refuses at start-up to guard a route that names none.
     */
    scope?: ApiScope
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>
    /** As authenticate, but only a console session: an API token is refused (403). */
    authenticateSession: (request: FastifyRequest) => Promise<void>
    /** Resolves the operator session and refuses a role without `permission` (403). */
    authenticateOperator: (request: FastifyRequest, permission: Permission) => Promise<void>
    /** The operator console's cookie: its name and whether it is Secure (modules/admin/operator-auth.ts). */
    operatorCookie: { name: string; secure: boolean }
    /** Adds a listener told of every refused request before its answer (platform/errors.ts). */
    onRefusal: (listener: RefusalListener) => void
  }
  interface FastifyRequest {
    auth: AuthContext | null
    operator: OperatorContext | null
  }
}
