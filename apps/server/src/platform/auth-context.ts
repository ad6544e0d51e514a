// Who a request acts for, as the platform's routes see it. The auth module (modules/auth) resolves
// the token and decorates the app with `authenticate`; app.ts registers it. The platform only
// knows the shape.
import type { FastifyRequest } from 'fastify'

export type AuthContext = { userId: string; sessionId: string | null; apiTokenId: string | null }

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>
  }
  interface FastifyRequest {
    auth: AuthContext | null
  }
}
