// Serves the built SPA: precompressed hashed assets cached for a year, index.html for every
// client-side route (history fallback), and envelopes for unknown /api routes.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { routeNotFound } from './errors.ts'

const SPA_ROUTE = /^\/(?:$|portal(?:\/|$)|console(?:\/|$)|paySuccess\/?$)/

export async function registerWebClient(app: FastifyInstance, webDist: string) {
  const isBuilt = existsSync(join(webDist, 'index.html'))
  if (isBuilt)
    await app.register(fastifyStatic, {
      root: webDist,
      preCompressed: true,
      wildcard: true,
      cacheControl: false,
      setHeaders: (res, path) => {
        const isHashed = path.includes(`${join(webDist, 'assets')}`)
        res.setHeader('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'no-cache')
      },
    })

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    if (path === '/api' || path.startsWith('/api/')) return reply.code(404).send(routeNotFound())
    if ((request.method === 'GET' || request.method === 'HEAD') && SPA_ROUTE.test(path)) {
      if (!isBuilt)
        return reply
          .code(503)
          .type('text/plain')
          .send('The web client is not built yet: run `npm run build`.')
      return reply.header('cache-control', 'no-cache').sendFile('index.html')
    }
    return reply.code(404).type('text/plain').send('Not found')
  })
}
