// Mounts a contract endpoint: the contract's schemas validate input and output, the handler
// returns plain data and this wraps it in the envelope.
import type { Endpoint } from '@proxy/contract/endpoint'
import { envelopeOf, SUCCESS_CODE } from '@proxy/contract/envelope'
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preHandlerHookHandler,
} from 'fastify'
import type { z } from 'zod'
import type { AuthContext, OperatorContext } from './auth-context.ts'
import { StreamedAnswer } from './streamed-answer.ts'

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined

export type HandlerInput<E extends Endpoint> = {
  body: Infer<E['body']>
  query: Infer<E['query']>
  params: Infer<E['params']>
  auth: E['auth'] extends false | 'node' | 'operator' ? null : AuthContext
  operator: E['auth'] extends 'operator' ? OperatorContext : null
  request: FastifyRequest
  reply: FastifyReply
}

/** What an AroundHandler answers when it sent the reply itself. */
export const ANSWERED = Symbol('answered')

/**
 * Runs the route's handler and may answer in its place (the idempotency hooks answer for a taken
 * key): the handler's answer, or ANSWERED once it sent the reply. (Not the reply itself: a reply is
 * thenable, and an async function returning it resolves only when the response has gone.)
 */
export type AroundHandler = <T>(
  request: FastifyRequest,
  reply: FastifyReply,
  run: () => Promise<T>,
) => Promise<T | typeof ANSWERED>

export type MountOptions = {
  preHandler?: preHandlerHookHandler[]
  onSend?: onSendHookHandler
  around?: AroundHandler
  bodyLimit?: number
}

export function mount<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  /** Plain data (validated and wrapped here), or an answer streamed as it is read (see streamed-answer.ts). */
  handler: (input: HandlerInput<E>) => Promise<z.input<E['response']> | StreamedAnswer>,
  options: MountOptions = {},
) {
  const isOperator = endpoint.auth === 'operator'
  const isPublic = endpoint.auth === false || endpoint.auth === 'node' || isOperator
  const { permission, scope } = endpoint
  if (isOperator && !permission)
    throw new Error(`${endpoint.path}: an operator endpoint names its permission`)
  // The type requires it; this catches an endpoint that escaped the type (a cast, plain JS).
  const takesApiTokens = !isPublic && endpoint.auth !== 'session'
  if (takesApiTokens && !scope)
    throw new Error(`${endpoint.method} ${endpoint.path}: a customer endpoint names its API token scope`)
  const guard =
    endpoint.auth === 'node'
      ? [app.authenticateNode]
      : isOperator
        ? [(request: FastifyRequest) => app.authenticateOperator(request, permission ?? 'self')]
        : isPublic
          ? []
          : endpoint.auth === 'session'
            ? [app.authenticateSession]
            : [app.authenticate]
  app.route({
    method: endpoint.method,
    url: `/api${endpoint.path}`,
    schema: {
      summary: endpoint.summary,
      tags: [...endpoint.tags],
      // Only the parts the endpoint declares: an `undefined` key makes Fastify warn.
      ...(endpoint.body && { body: endpoint.body }),
      ...(endpoint.query && { querystring: endpoint.query }),
      ...(endpoint.params && { params: endpoint.params }),
      response: { 200: envelopeOf(endpoint.response) },
      security: endpoint.auth === false ? [] : isOperator ? [{ adminSession: [] }] : [{ bearer: [] }],
      ...(permission && { description: `Operator permission: \`${permission}\`` }),
      ...(endpoint.auth === 'session' && {
        description: 'A console session only (`st_…`): an API token (`pat_…`) gets 403 SESSION_REQUIRED.',
      }),
      ...(scope && {
        description: `API token scope: \`${scope}\` (a token without it gets 403 SCOPE_REQUIRED; a console session has every scope).`,
      }),
    },
    // Checked by `authenticate` (modules/auth/auth-plugin.ts) as soon as the credential is known.
    ...(scope && { config: { scope } }),
    // Authentication runs on the request line and headers, before the body is read or
    // validated: a stranger learns nothing about an endpoint's schema and cannot make us parse
    // a large body.
    onRequest: guard,
    preHandler: options.preHandler ?? [],
    ...(options.onSend && { onSend: options.onSend }),
    ...(options.bodyLimit && { bodyLimit: options.bodyLimit }),
    handler: async (request, reply) => {
      const run = () =>
        handler({
          body: request.body,
          query: request.query,
          params: request.params,
          auth: (isPublic ? null : request.auth) as HandlerInput<E>['auth'],
          operator: (isOperator ? request.operator : null) as HandlerInput<E>['operator'],
          request,
          reply,
        } as HandlerInput<E>)
      const data = options.around ? await options.around(request, reply, run) : await run()
      if (data === ANSWERED) return reply
      if (data instanceof StreamedAnswer) return reply.type('application/json; charset=utf-8').send(data.body)
      return { code: SUCCESS_CODE, message: 'ok', data }
    },
  })
}
