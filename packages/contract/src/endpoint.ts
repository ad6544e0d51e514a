// One object per endpoint: the server uses it as its route schema, the client to type calls.
import type { z } from 'zod'
import type { Permission } from './admin/permissions.ts'

export type Endpoint = {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  /** Path under /api, in Fastify's `:param` form. */
  path: string
  summary: string
  tags: readonly string[]
  /**
   * false for public calls; true (the default) needs a customer's bearer token, a session or an API
   * token; 'session' a customer's console session only, never an API token (what guards the account
   * itself: tokens, password, two-factor, sessions); 'node' a node token; 'operator' an operator's
   * session (the console's cookie) holding `permission`.
   */
  auth?: boolean | 'session' | 'node' | 'operator'
  /** For 'operator' endpoints: what the operator's role must allow. */
  permission?: Permission
  body?: z.ZodType
  query?: z.ZodType
  params?: z.ZodType
  response: z.ZodType
}

export const defineEndpoint = <const E extends Endpoint>(endpoint: E): E => endpoint

export type ResponseOf<E extends Endpoint> = z.infer<E['response']>
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : never
