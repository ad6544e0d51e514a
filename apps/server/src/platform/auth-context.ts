// Who a request acts for, as the platform's routes see it. The auth module (modules/auth) resolves
// the token and decorates the app with `authenticate`; app.ts registers it. The platform only
// knows the shape.
import type { OperatorRole, Permission } from '@proxy/contract/admin/permissions'
import type { FastifyRequest } from 'fastify'
import type { RefusalListener } from './errors.ts'

export type AuthContext = {
  userId: string
  sessionId: string | null
  apiTokenId: string | null
  /**
   * The customer's wallet balance in cents, read by the same query that found the session (the
   * console reads it on every page); null before the wallet exists.
   */
  walletCents: number | null
}

/** An operator's request (the admin module resolves the console's session cookie). */
export type OperatorContext = { operatorId: string; email: string; role: OperatorRole; sessionId: string }

declare module 'fastify' {
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
