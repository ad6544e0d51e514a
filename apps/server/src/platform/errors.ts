// AppError carries a catalogue name; one handler turns every failure into the envelope.
import { randomUUID } from 'node:crypto'
import { type ServerResponse, STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import { type ErrorName, errorCatalogue } from '@proxy/contract/errors'
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import type { SecurityHeaders } from './security.ts'

export class AppError extends Error {
  readonly status: number
  readonly code: number
  constructor(
    override readonly name: ErrorName,
    readonly details: Record<string, unknown> | null = null,
    message?: string,
  ) {
    const entry = errorCatalogue[name]
    super(message ?? entry.message)
    this.status = entry.status
    this.code = entry.code
  }
}

const envelope = (error: AppError) => ({ code: error.code, message: error.message, data: error.details })

// Fastify's own 4xx errors, mapped to catalogue names.
const fastifyCodes: Record<string, ErrorName> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_REQUEST',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MALFORMED_REQUEST',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_BAD_URL: 'MALFORMED_REQUEST',
  // No id, order number or name of ours is that long: no route takes such a value. 404, as the
  // built web client's catch-all route answers it too; Fastify's 414 would blame the URL's length.
  FST_ERR_MAX_PARAM_LENGTH: 'ROUTE_NOT_FOUND',
}

// The catalogue's message speaks of the body; these failures are not about the body.
const fastifyMessages: Record<string, string> = {
  FST_ERR_BAD_URL: 'The request URL could not be read',
}

function toAppError(error: FastifyError): AppError {
  if (error instanceof AppError) return error
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((issue) => ({
      field: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
      message: issue.message,
    }))
    const first = issues[0]
    const message = first ? `${first.field}: ${first.message}` : errorCatalogue.VALIDATION_FAILED.message
    return new AppError('VALIDATION_FAILED', { issues }, message)
  }
  const known = error.code ? fastifyCodes[error.code] : undefined
  if (known) return new AppError(known, null, fastifyMessages[error.code])
  if (error.statusCode === 429) return new AppError('RATE_LIMITED')
  // A body that is not JSON at all (e.g. a bare string) surfaces as a SyntaxError with status 400.
  if (
    error.statusCode &&
    error.statusCode >= 400 &&
    error.statusCode < 500 &&
    !isResponseSerializationError(error)
  )
    return new AppError(error.statusCode === 404 ? 'NOT_FOUND' : 'MALFORMED_REQUEST')
  return new AppError('INTERNAL')
}

/** Told of every refused request (a 4xx answer) before it is answered; the admin module audits some. */
export type RefusalListener = (request: FastifyRequest, refusal: AppError) => Promise<void>

export function registerErrorHandling(app: FastifyInstance) {
  const listeners: RefusalListener[] = []
  app.decorate('onRefusal', (listener: RefusalListener) => {
    listeners.push(listener)
  })
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const appError = toAppError(error)
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed')
    else {
      request.log.info({ code: appError.name }, appError.message)
      for (const listener of listeners)
        await listener(request, appError).catch((failure: unknown) =>
          request.log.error({ err: failure }, 'a refusal could not be recorded'),
        )
    }
    return reply.status(appError.status).send(envelope(appError))
  })
}

export const routeNotFound = () => envelope(new AppError('ROUTE_NOT_FOUND'))

/**
 * Fastify's `frameworkErrors`: the router refused the URL (bad percent-encoding, over-long
 * parameter) before any hook ran, so the security headers and request id are added here. Every
 * /api route that takes a path parameter needs a token, so the caller is authenticated first,
 * as on a routed request: a stranger learns only 401.
 */
export function onFrameworkError(
  headers: SecurityHeaders,
  authenticate: (request: FastifyRequest) => Promise<void>,
) {
  return async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    let appError = toAppError(error)
    if (request.url.startsWith('/api/'))
      await authenticate(request).catch((failure: unknown) => {
        appError = failure instanceof AppError ? failure : new AppError('UNAUTHORIZED')
      })
    request.log.info({ code: appError.name }, appError.message)
    return reply
      .headers(headers)
      .header('x-request-id', request.id)
      .status(appError.status)
      .send(envelope(appError))
  }
}

// Errors of Node's HTTP parser and its request timeouts, named as Node names them.
const clientErrorCodes: Record<string, ErrorName> = {
  ERR_HTTP_REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  HPE_HEADER_OVERFLOW: 'HEADERS_TOO_LARGE',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 'PAYLOAD_TOO_LARGE',
}

/**
 * Fastify's `clientErrorHandler`: Node could not read a request (or it came too slowly), so there
 * is no request or reply, only the socket. Writes the envelope as Node itself would write its
 * bare answer, then closes the connection.
 */
export function onClientError(headers: SecurityHeaders) {
  return function (this: FastifyInstance, error: ConnectionError, socket: Socket) {
    if (error.code === 'ECONNRESET' || socket.destroyed) return
    const name = clientErrorCodes[error.code] ?? 'MALFORMED_REQUEST'
    const appError = new AppError(
      name,
      null,
      name === 'MALFORMED_REQUEST' ? 'The request could not be parsed' : undefined,
    )
    const id = randomUUID()
    this.log.info({ reqId: id, code: appError.name, cause: error.code }, appError.message)
    // Like Node: never write into an answer that has already begun on this socket.
    const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage
    if (socket.writable && !inFlight?.headersSent) {
      const body = JSON.stringify(envelope(appError))
      const lines = Object.entries({
        ...headers,
        'x-request-id': id,
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(body)),
        connection: 'close',
      }).map(([header, value]) => `${header}: ${value}\r\n`)
      socket.write(
        `HTTP/1.1 ${appError.status} ${STATUS_CODES[appError.status]}\r\n${lines.join('')}\r\n${body}`,
      )
    }
    socket.destroy()
  }
}
