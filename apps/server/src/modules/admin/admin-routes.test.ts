/// <reference types="vite/client" />
// Every /api/admin route, as the app registered it (not a hand-written list): the permission matrix
// (anonymous, a customer, each role), and an audit row with before/after for every write.
import { randomUUID } from 'node:crypto'
import { can, OPERATOR_ROLES, type Permission } from '@proxy/contract/admin/permissions'
import type { Endpoint } from '@proxy/contract/endpoint'
import { errorCatalogue } from '@proxy/contract/errors'
import { desc } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOperator, type Drive, signInOperator, totpAt } from '../../../test/operators.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { operatorAuditLog, operators } from './admin.schema.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

// Each walks every admin route: longer than one test's default, and longer with every new area.
const WALK_TIMEOUT_MS = 120_000

type Route = { method: string; url: string }

/** The routes the app registered under /api/admin, read from the tree its router prints. */
function adminRoutes(): Route[] {
  const printed = server.app.printRoutes({ commonPrefix: false })
  const routes: Route[] = []
  const parents: string[] = ['']
  for (const line of printed.split('\n')) {
    const match = /^([│├└─\s]*)(\/\S*)(?: \(([A-Z, ]+)\))?$/.exec(line)
    if (!match?.[2]) continue
    // Each level of the tree is indented by four characters ("├── ", "│   └── ").
    const depth = Math.round((match[1] ?? '').length / 4)
    const url = (parents[depth - 1] ?? '') + match[2]
    parents[depth] = url
    parents.length = depth + 1
    if (!url.startsWith('/api/admin/') || !match[3]) continue
    for (const method of match[3].split(', ')) if (method !== 'HEAD') routes.push({ method, url })
  }
  return routes
}

// Every module of the admin contract, found by glob: a new contract file joins without an edit here.
const contractModules = import.meta.glob<Record<string, unknown>>(
  '../../../../../packages/contract/src/admin/*.ts',
  {
    eager: true,
  },
)
const contractEndpoints = Object.values(contractModules)
  .flatMap((module) => Object.values(module))
  .filter(
    (value): value is Endpoint =>
      typeof value === 'object' && value !== null && 'method' in value && 'path' in value,
  )

const endpointOf = (route: Route) =>
  contractEndpoints.find(
    (endpoint) => endpoint.method === route.method && `/api${endpoint.path}` === route.url,
  )

const concrete = (url: string) => url.replace(/:[a-zA-Z]+/g, randomUUID())

describe('the admin routes', () => {
  it('are all found, each a contract endpoint', () => {
    const routes = adminRoutes()
    expect(routes.length).toBeGreaterThanOrEqual(12)
    expect(routes).toContainEqual({ method: 'POST', url: '/api/admin/customers/:id/adjustments' })
    for (const route of routes) expect(endpointOf(route), `${route.method} ${route.url}`).toBeDefined()
  })

  it('answer anonymous 401, a customer 401, and each role 403 exactly when its role lacks the permission', {
    timeout: WALK_TIMEOUT_MS,
  }, async () => {
    const operatorsBefore = await server.db.$count(operators)
    let made = 0
    const customer = await server.newCustomer()
    // Logout last: it ends the session the rest use.
    const routes = adminRoutes().sort(
      (a, b) => Number(a.url.endsWith('/logout')) - Number(b.url.endsWith('/logout')),
    )
    const cookies = new Map<string, string>()
    for (const role of OPERATOR_ROLES) {
      cookies.set(role, (await signInOperator(server, role)).cookie)
      made++
    }
    let checked = 0
    for (const route of routes) {
      const endpoint = endpointOf(route)
      if (!endpoint) throw new Error(`${route.method} ${route.url} is in no contract`)
      const url = concrete(route.url)
      if (endpoint.auth === false) continue // sign-in and the invitee's link: team.test.ts covers them
      expect(endpoint.auth, route.url).toBe('operator')
      const label = `${route.method} ${route.url}`
      expect((await server.call(route.method, url)).status, `${label} anonymous`).toBe(401)
      expect(
        (await server.call(route.method, url, { token: customer.token })).status,
        `${label} customer`,
      ).toBe(401)
      for (const role of OPERATOR_ROLES) {
        const answer = await server.call(route.method, url, { headers: { cookie: cookies.get(role) ?? '' } })
        const allowed = can(role, endpoint.permission as Permission)
        if (allowed) {
          expect(answer.status, `${label} as ${role}`).not.toBe(403)
          expect(answer.status, `${label} as ${role}`).not.toBe(401)
        } else {
          expect(answer.status, `${label} as ${role}`).toBe(403)
          expect(answer.body.code).toBe(errorCatalogue.FORBIDDEN.code)
        }
        checked++
      }
    }
    const open = routes.filter((route) => endpointOf(route)?.auth === false).map((route) => route.url)
    expect(open.sort()).toEqual([
      '/api/admin/auth/login',
      '/api/admin/invitations/:token',
      '/api/admin/invitations/:token/accept',
    ])
    expect(checked).toBe((routes.length - open.length) * OPERATOR_ROLES.length)
    // No route made an operator: only the ones this test made through the CLI's function exist.
    expect(await server.db.$count(operators)).toBe(operatorsBefore + made)
  })
})

/** A valid request for each admin write, from a fresh state. */
async function customerId(email: string) {
  const owner = await signInOperator(server, 'owner')
  const found = await server.call<{ items: { id: string }[] }>(
    'GET',
    `/api/admin/customers?q=${encodeURIComponent(email)}`,
    {
      headers: { cookie: owner.cookie },
    },
  )
  const id = found.body.data.items[0]?.id
  if (!id) throw new Error(`no customer ${email}`)
  return { id, cookie: owner.cookie }
}
// Each area's writes have a drive in test/admin-writes/<area>.writes.ts, exporting `writes(server)`.
const areaWrites = import.meta.glob<{ writes: (server: TestServer) => Record<string, Drive> }>(
  '../../../test/admin-writes/*.writes.ts',
  {
    eager: true,
  },
)
// Built when the test runs: the areas' drives need the server beforeAll starts.
const writesOf = (): Record<string, Drive> => ({
  ...Object.assign({}, ...Object.values(areaWrites).map((area) => area.writes(server))),
  'POST /api/admin/auth/login': async () => {
    const operator = await createOperator(server, 'support')
    return server.call('POST', '/api/admin/auth/login', {
      body: { email: operator.email, password: operator.password, totp: totpAt(operator) },
    })
  },
  'POST /api/admin/auth/logout': async () => {
    const { cookie } = await signInOperator(server, 'support')
    return server.call('POST', '/api/admin/auth/logout', { headers: { cookie } })
  },
  'POST /api/admin/auth/password': async () => {
    const { cookie, operator } = await signInOperator(server, 'operator')
    return server.call('POST', '/api/admin/auth/password', {
      headers: { cookie },
      body: { oldPassword: operator.password, newPassword: 'another fine passphrase' },
    })
  },
  'DELETE /api/admin/auth/sessions/:id': async () => {
    const first = await signInOperator(server, 'finance')
    const second = await signInOperator(server, first.operator, { totpSteps: 1 })
    const listed = await server.call<{ items: { id: string; isCurrent: boolean }[] }>(
      'GET',
      '/api/admin/auth/sessions',
      {
        headers: { cookie: second.cookie },
      },
    )
    const other = listed.body.data.items.find((session) => !session.isCurrent)
    return server.call('DELETE', `/api/admin/auth/sessions/${other?.id}`, {
      headers: { cookie: second.cookie },
    })
  },
  'POST /api/admin/customers/:id/suspend': async () => {
    const { id, cookie } = await customerId((await server.newCustomer()).email)
    return server.call('POST', `/api/admin/customers/${id}/suspend`, {
      headers: { cookie },
      body: { reason: 'abuse report' },
    })
  },
  'POST /api/admin/customers/:id/restore': async () => {
    const { id, cookie } = await customerId((await server.newCustomer()).email)
    await server.call('POST', `/api/admin/customers/${id}/suspend`, {
      headers: { cookie },
      body: { reason: 'abuse report' },
    })
    return server.call('POST', `/api/admin/customers/${id}/restore`, {
      headers: { cookie },
      body: { reason: 'cleared' },
    })
  },
  'POST /api/admin/customers/:id/adjustments': async () => {
    const { id, cookie } = await customerId((await server.newCustomer()).email)
    return server.call('POST', `/api/admin/customers/${id}/adjustments`, {
      headers: { cookie, 'idempotency-key': randomUUID() },
      body: { amount: 12.5, reason: 'goodwill credit' },
    })
  },
})

describe('the audit of admin writes', () => {
  it('every write (every non-GET admin route) leaves an audit row with its before and after', {
    timeout: WALK_TIMEOUT_MS,
  }, async () => {
    const routes = adminRoutes().filter((route) => route.method !== 'GET')
    const writes = writesOf()
    expect(routes.length).toBeGreaterThanOrEqual(7)
    for (const route of routes) {
      const label = `${route.method} ${route.url}`
      const drive = writes[label]
      if (!drive) throw new Error(`${label}: a new admin write; add a valid request for it here`)
      const started = new Date()
      const answer = await drive()
      expect(answer.status, `${label}: ${JSON.stringify(answer.body)}`).toBe(200)
      const [latest] = await server.db
        .select()
        .from(operatorAuditLog)
        .orderBy(desc(operatorAuditLog.at))
        .limit(1)
      expect(latest, label).toBeDefined()
      expect(latest?.at.getTime(), label).toBeGreaterThanOrEqual(started.getTime() - 1000)
      expect(latest?.operatorId, label).not.toBeNull()
      expect(latest?.before, label).not.toBeNull()
      expect(latest?.after, label).not.toBeNull()
      expect(Object.keys(latest?.after ?? {}).length, label).toBeGreaterThan(0)
    }
  })
})
