/// <reference types="vite/client" />
// API token scopes over every customer route the app registered (not a hand-written list): each
// contract endpoint declares its scope, a token without it gets 403 SCOPE_REQUIRED naming it, a token
// holding it gets past the check; session-only routes refuse every token; tokens made before scopes
// (and rows an older release inserts) keep full access.
import { randomUUID } from 'node:crypto'
import { API_SCOPES, type ApiScope } from '@proxy/contract/api-scopes'
import type { Endpoint } from '@proxy/contract/endpoint'
import { errorCatalogue } from '@proxy/contract/errors'
import { eq, sql } from 'drizzle-orm'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { type RegisteredRoute, registeredRoutes } from '../../test/registered-routes.ts'
import { buy, fund, stockRegion } from '../../test/static-ip.ts'
import { startTestServer, type TestServer } from '../../test/test-server.ts'
import { apiTokens, users } from '../modules/auth/auth.schema.ts'
import { authPlugin } from '../modules/auth/auth-plugin.ts'
import { hashToken, newToken } from '../modules/auth/tokens.ts'
import { walletCentsOf } from '../modules/ledger/index.ts'
import { mount } from '../platform/route.ts'

// Every contract module but the operators', found by glob: a new contract file joins without an edit here.
const contractModules = import.meta.glob<Record<string, unknown>>(
  ['../../../../packages/contract/src/**/*.ts', '!**/*.test.ts', '!**/admin/**'],
  { eager: true },
)
const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'response' in value
const customerEndpoints = [
  ...new Set(Object.values(contractModules).flatMap((module) => Object.values(module).filter(isEndpoint))),
].filter((endpoint) => endpoint.auth === undefined || endpoint.auth === true || endpoint.auth === 'session')
const routeOf = (endpoint: Endpoint) => `${endpoint.method} /api${endpoint.path}`
const endpointOf = (route: RegisteredRoute) =>
  customerEndpoints.find((endpoint) => routeOf(endpoint) === `${route.method} ${route.url}`)

let server: TestServer
let customer: Awaited<ReturnType<TestServer['newCustomer']>>
let customerRoutes: RegisteredRoute[]
beforeAll(async () => {
  server = await startTestServer()
  customer = await server.newCustomer()
  const candidates = registeredRoutes(server.app, '/api/').filter(
    (route) => !route.url.startsWith('/api/admin/') && !route.url.startsWith('/api/node/'),
  )
  // Customer routes are the ones a stranger gets 401 from (every public one answers something else).
  customerRoutes = []
  for (const route of candidates)
    if ((await server.call(route.method, concrete(route.url))).status === 401) customerRoutes.push(route)
})
afterAll(() => server.close())

/** The URL with its parameters filled in: the scope is checked before any of them is read. */
const concrete = (url: string) => url.replace(/:[a-zA-Z]+/g, randomUUID())

async function newApiToken(scopes?: ApiScope[] | string[]) {
  const made = await server.call<{ token: string }>('POST', '/api/user/api-tokens', {
    token: customer.token,
    body: { name: scopes ? scopes.join('+') : 'full', ...(scopes && { scopes }) },
  })
  expect(made.status, JSON.stringify(made.body)).toBe(200)
  return made.body.data.token
}

const call = (route: RegisteredRoute, token: string) =>
  server.call(route.method, concrete(route.url), { token })

describe('API token scopes', () => {
  it('are declared by every customer endpoint of the contract, and by none of the session-only ones', () => {
    expect(customerEndpoints.length).toBeGreaterThan(30)
    for (const endpoint of customerEndpoints) {
      if (endpoint.auth === 'session') expect(endpoint.scope, routeOf(endpoint)).toBeUndefined()
      else expect(API_SCOPES, routeOf(endpoint)).toContain(endpoint.scope)
      // The rule (ARCHITECTURE.md): reading is `read`, whatever else the token may do.
      if (endpoint.method === 'GET') expect(endpoint.scope, routeOf(endpoint)).toBe('read')
    }
  })

  it('are walked over every customer endpoint: each one is a route the app serves behind a credential', () => {
    const served = new Set(customerRoutes.map((route) => `${route.method} ${route.url}`))
    for (const endpoint of customerEndpoints) expect(served, routeOf(endpoint)).toContain(routeOf(endpoint))
    // The files (exports) are customer routes outside the contract's endpoint objects: walked too.
    expect(customerRoutes.some((route) => route.url === '/api/proxy/instances/export/:type')).toBe(true)
  })

  it('are named in the OpenAPI document, call by call', async () => {
    const document = (await (await fetch(`${server.baseUrl}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { description?: string }>>
    }
    for (const endpoint of customerEndpoints.filter((each) => each.scope)) {
      const operation =
        document.paths[`/api${endpoint.path.replace(/:(\w+)/g, '{$1}')}`]?.[endpoint.method.toLowerCase()]
      expect(operation?.description, routeOf(endpoint)).toContain(`API token scope: \`${endpoint.scope}\``)
    }
  })

  it('refuse a token without the scope with 403 naming it, and let a token holding it past', {
    timeout: 60_000,
  }, async () => {
    const tokens = Object.fromEntries(
      await Promise.all(API_SCOPES.map(async (scope) => [scope, await newApiToken([scope])] as const)),
    ) as Record<ApiScope, string>
    const full = await newApiToken()
    // Logout ends the token that calls it: last.
    const routes = customerRoutes
      .filter((route) => endpointOf(route)?.auth !== 'session')
      .sort((a, b) => Number(a.url === '/api/auth/logout') - Number(b.url === '/api/auth/logout'))
    expect(routes.length).toBeGreaterThan(30)
    const failures: string[] = []
    const refusedFor = (answer: { status: number; body: { code: number; data: unknown } }, scope: ApiScope) =>
      answer.status === 403 &&
      answer.body.code === errorCatalogue.SCOPE_REQUIRED.code &&
      (answer.body.data as { scope?: string } | null)?.scope === scope
    for (const route of routes) {
      const name = `${route.method} ${route.url}`
      const answers = new Map<ApiScope, Awaited<ReturnType<typeof call>>>()
      for (const scope of API_SCOPES) answers.set(scope, await call(route, tokens[scope]))
      // A contract endpoint's scope is its declaration; a file route's is the one token it lets past.
      const declared = endpointOf(route)?.scope
      const passing = API_SCOPES.filter(
        (scope) => answers.get(scope)?.body.code !== errorCatalogue.SCOPE_REQUIRED.code,
      )
      const needed = declared ?? (passing.length === 1 ? passing[0] : undefined)
      if (!needed) {
        failures.push(`${name}: no declared scope, and ${passing.length} single-scope tokens got past`)
        continue
      }
      for (const scope of API_SCOPES) {
        const answer = answers.get(scope)
        if (!answer) continue
        if (scope === needed && refusedFor(answer, needed))
          failures.push(`${name}: refused the ${needed} token`)
        if (scope !== needed && !(refusedFor(answer, needed) && answer.body.message.includes(`"${needed}"`)))
          failures.push(`${name} with ${scope}: ${answer.status} ${answer.body.message} (needs ${needed})`)
      }
      const withFull = await call(route, full)
      if (withFull.body.code === errorCatalogue.SCOPE_REQUIRED.code)
        failures.push(`${name}: refused full access`)
    }
    expect(failures).toEqual([])
  })

  it('keep session-only routes for the console: every token, full access too, gets 403 SESSION_REQUIRED', async () => {
    const sessionOnly = customerRoutes.filter((route) => endpointOf(route)?.auth === 'session')
    expect(sessionOnly.length).toBeGreaterThanOrEqual(8)
    const tokens = [
      await newApiToken(),
      await newApiToken(['read', 'buy', 'manage']),
      await newApiToken(['manage']),
    ]
    for (const route of sessionOnly)
      for (const token of tokens) {
        const answer = await call(route, token)
        expect(answer.status, `${route.method} ${route.url}`).toBe(403)
        expect(answer.body.code).toBe(errorCatalogue.SESSION_REQUIRED.code)
      }
    // The session itself gets past (and then finds nothing, or an invalid body).
    for (const route of sessionOnly)
      expect((await call(route, customer.token)).status, `${route.method} ${route.url}`).not.toBe(403)
  })
})

describe('a read-only token', () => {
  it('lists and quotes, but buying answers 403 SCOPE_REQUIRED naming buy and spends nothing', async () => {
    const buyer = await server.newCustomer()
    await fund(server, buyer.email, 100_00)
    const region = await stockRegion(server, 2)
    const made = await server.call<{ token: string }>('POST', '/api/user/api-tokens', {
      token: buyer.token,
      body: { name: 'reader', scopes: ['read'] },
    })
    const reader = made.body.data.token
    const order = { regionId: region, quantity: 1, durationDays: 30, protocol: 'socks5' }
    expect((await server.call('GET', '/api/proxy/instances', { token: reader })).status).toBe(200)
    expect(
      (await server.call('POST', '/api/orders/static-ip/quote', { token: reader, body: order })).status,
    ).toBe(200)
    const refused = await buy(server, reader, order)
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe(errorCatalogue.SCOPE_REQUIRED.code)
    expect(refused.body.message).toBe('This API token lacks the "buy" scope this call needs')
    const wallet = await server.call<{ wallet: { balance: number } }>('GET', '/api/user/wallet', {
      token: reader,
    })
    expect(wallet.body.data.wallet.balance).toBe(100)
    const topUp = await server.call('POST', '/api/user/wallet/topup', {
      token: reader,
      body: { amount: 10, channel: 'alipay' },
      headers: { 'idempotency-key': randomUUID() },
    })
    expect(topUp.status).toBe(403)
    const lines = await server.call<{ total: number }>('GET', '/api/proxy/instances', { token: reader })
    expect(lines.body.data.total).toBe(0)
    // A token with buy (and read, to see what it bought) buys.
    const buyerToken = await server.call<{ token: string }>('POST', '/api/user/api-tokens', {
      token: buyer.token,
      body: { name: 'buyer', scopes: ['buy', 'read'] },
    })
    expect((await buy(server, buyerToken.body.data.token, order)).status).toBe(200)
  })
})

describe('tokens and their scopes', () => {
  type Listed = { items: { name: string; scopes: string[] }[] }
  it('are listed with their scopes, canonical and each once; none at all is refused', async () => {
    const owner = await server.newCustomer()
    const create = (body: unknown) =>
      server.call('POST', '/api/user/api-tokens', { token: owner.token, body })
    expect((await create({ name: 'mixed', scopes: ['manage', 'read', 'manage'] })).status).toBe(200)
    expect((await create({ name: 'no scopes key' })).status).toBe(200)
    for (const scopes of [[], ['admin'], 'read', [null]])
      expect((await create({ name: 'bad', scopes })).status, JSON.stringify(scopes)).toBe(400)
    const listed = await server.call<Listed>('GET', '/api/user/api-tokens', { token: owner.token })
    expect(
      listed.body.data.items
        .map(({ name, scopes }) => ({ name, scopes }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    ).toEqual([
      { name: 'mixed', scopes: ['read', 'manage'] },
      { name: 'no scopes key', scopes: ['read', 'buy', 'manage'] },
    ])
  })

  it('of a token made before scopes (a row an older release writes) are all of them: full access', async () => {
    const owner = await server.newCustomer()
    const [user] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, owner.email))
    const token = newToken('pat_')
    // The columns the release before scopes knew, and no others.
    await server.db.execute(
      sql`insert into api_tokens (user_id, name, prefix, token_hash) values (${user?.id}, 'old', 'pat_old', ${hashToken(token)})`,
    )
    const [row] = await server.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.tokenHash, hashToken(token)))
    expect(row?.scopes).toEqual(['read', 'buy', 'manage'])
    const listed = await server.call<Listed>('GET', '/api/user/api-tokens', { token: owner.token })
    expect(listed.body.data.items).toEqual([
      expect.objectContaining({ name: 'old', scopes: ['read', 'buy', 'manage'] }),
    ])
    expect(
      (await server.call('POST', '/api/user/ip-whitelist', { token, body: { source: '192.0.2.9' } })).status,
    ).toBe(200)
  })
})

describe('a customer route without a scope', () => {
  it('is refused by mount() and, as a raw route, by the auth plugin: the server does not start', async () => {
    const unscoped = { method: 'GET', path: '/unscoped', summary: 'x', tags: [], response: z.null() }
    expect(() => mount({} as never, unscoped as unknown as Endpoint, async () => null)).toThrow(/scope/)
    const app = Fastify()
    await app.register(authPlugin, {
      db: server.db,
      accounts: { open: async () => {}, walletCentsOf } as never,
    })
    const registering = (async () => {
      app.get('/api/raw', { onRequest: app.authenticate }, async () => 'open to every token')
      await app.ready()
    })()
    await expect(registering).rejects.toThrow(/scope/)
    await app.close().catch(() => {})
  })
})
