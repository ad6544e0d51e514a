// Serves the built SPA: precompressed hashed assets cached for a year, index.html for every
// client-side route (history fallback), and envelopes for unknown /api routes. Any other page address
// is the SPA's too: without a token it goes to /portal/home (SPEC §4), with one the SPA shows not-found.
// The operator console is a second entry: /admin and every page under it get admin.html, outside the
// customer rules (its session is its own cookie, so no token decides anything there).
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { routeNotFound } from './errors.ts'

const SPA_ROUTE = /^\/(?:$|portal(?:\/|$)|console(?:\/|$)|paySuccess\/?$)/
const PORTAL_HOME = '/portal/home'
const ADMIN_ROUTE = /^\/admin(?:\/|$)/
// A file the build would have written (a name with an extension, anything under /assets): a plain 404.
const ASSET_LIKE = /(?:^\/assets\/|\.[A-Za-z0-9]+$)/

/** SPEC §4: signed in is the presence of a non-empty cookie named token. */
export const hasTokenCookie = (header: string | undefined): boolean =>
  (header ?? '').split(';').some((pair) => {
    const [name, ...value] = pair.split('=')
    return name?.trim() === 'token' && value.join('=').trim() !== ''
  })

const notBuilt = (reply: FastifyReply) =>
  reply.code(503).type('text/plain').send('The web client is not built yet: run `npm run build`.')

export async function registerWebClient(app: FastifyInstance, webDist: string) {
  const isBuilt = existsSync(join(webDist, 'index.html'))
  const isAdminBuilt = existsSync(join(webDist, 'admin.html'))
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
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !ASSET_LIKE.test(path)
    if (!isPage) return reply.code(404).type('text/plain').send('Not found')
    if (ADMIN_ROUTE.test(path)) {
      if (!isAdminBuilt) return notBuilt(reply)
      return reply.header('cache-control', 'no-cache').sendFile('admin.html')
    }
    if (!SPA_ROUTE.test(path) && !hasTokenCookie(request.headers.cookie))
      return reply.header('cache-control', 'no-cache').redirect(PORTAL_HOME, 302)
    if (!isBuilt) return notBuilt(reply)
    return reply.header('cache-control', 'no-cache').sendFile('index.html')
  })
}
