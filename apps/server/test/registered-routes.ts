// The routes an app registered (method and URL), read from the tree its router prints: what a walk
// over "every route" should take, rather than a hand-written list that misses the newest.
import type { FastifyInstance } from 'fastify'

export type RegisteredRoute = { method: string; url: string }

export function registeredRoutes(app: FastifyInstance, prefix = '/'): RegisteredRoute[] {
  const printed = app.printRoutes({ commonPrefix: false })
  const routes: RegisteredRoute[] = []
  const parents: string[] = ['']
  for (const line of printed.split('\n')) {
    // A segment may continue its parent's without a slash (`/replace` → `ments`): the tree is a radix tree.
    const match = /^([│├└─\s]*)(\S+)(?: \(([A-Z, ]+)\))?$/.exec(line)
    if (!match?.[2]) continue
    // Each level of the tree is indented by four characters ("├── ", "│   └── ").
    const depth = Math.round((match[1] ?? '').length / 4)
    const url = (parents[depth - 1] ?? '') + match[2]
    parents[depth] = url
    parents.length = depth + 1
    if (!url.startsWith(prefix) || !match[3]) continue
    for (const method of match[3].split(', ')) if (method !== 'HEAD') routes.push({ method, url })
  }
  return routes
}
