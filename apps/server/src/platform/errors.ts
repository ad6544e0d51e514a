// AppError carries a catalogue name; one handler turns every failure into the envelope.
import { type ErrorName, errorCatalogue } from '@proxy/contract/errors'
import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'

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
  if (known) return new AppError(known)
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

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error)
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed')
    else request.log.info({ code: appError.name }, appError.message)
    return reply.status(appError.status).send(envelope(appError))
  })
}

export const routeNotFound = () => envelope(new AppError('ROUTE_NOT_FOUND'))
