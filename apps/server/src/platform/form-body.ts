import type { FastifyInstance } from 'fastify'

/** Accepts application/x-www-form-urlencoded bodies (gateways and plain HTML forms post them). */
export function acceptFormBodies(app: FastifyInstance) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))))
    },
  )
}

/** Gateway parameters as flat strings: a repeated or nested parameter is dropped, never guessed at. */
export function flatParams(...sources: unknown[]): Record<string, string> {
  const params: Record<string, string> = {}
  for (const source of sources)
    if (source && typeof source === 'object')
      for (const [name, value] of Object.entries(source)) if (typeof value === 'string') params[name] = value
  return params
}
