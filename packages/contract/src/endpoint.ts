// One object per endpoint: the server uses it as its route schema, the client to type calls.
import type { z } from 'zod'
import type { Permission } from './admin/permissions.ts'
import type { ApiScope } from './api-scopes.ts'

type EndpointBase = {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  /** Path under /api, in Fastify's `:param` form. */
  path: string
  summary: string
  tags: readonly string[]
  /** For 'operator' endpoints: what the operator's role must allow. */
  permission?: Permission
  body?: z.ZodType
  query?: z.ZodType
  params?: z.ZodType
  response: z.ZodType
}

/**
 * `auth`: false for public calls; true (the default) needs a customer's bearer token, a session or
 * an API token, and then `scope` is required: the API token must hold it (a session holds every
 * scope). 'session' a customer's console session only, never an API token (what guards the account
 * itself: tokens, password, two-factor, sessions); 'node' a node token; 'operator' an operator's
 * session (the console's cookie) holding `permission`. A customer endpoint without a scope does not
 * compile, and mount() refuses it at start-up (ARCHITECTURE.md, "API token scopes").
 */
export type Endpoint = EndpointBase &
  ({ auth?: true; scope: ApiScope } | { auth: false | 'session' | 'node' | 'operator'; scope?: never })

export const defineEndpoint = <const E extends Endpoint>(endpoint: E): E => endpoint

export type ResponseOf<E extends Endpoint> = z.infer<E['response']>
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : never
