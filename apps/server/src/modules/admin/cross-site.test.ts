// Cross-site writes with the console's cookie: SameSite=Strict sends it from any page of the same site
// (another port, a sibling subdomain), so a write needs the browser's word that it came from our own
// pages (Origin or Sec-Fetch-Site) and, with a body, JSON. Each refusal changes nothing and is audited.
import { errorCatalogue } from '@proxy/contract/errors'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOperator, signInOperator, type TestOperator } from '../../../test/operators.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { loadConfig } from '../../platform/config.ts'
import { operatorAuditLog, operators } from './admin.schema.ts'
import { REFUSED_ACTION } from './refusal-audit.ts'

let server: TestServer
let owner: { cookie: string; operator: TestOperator }
let target: TestOperator
/** The console's own origin in these servers: PUBLIC_URL's default. */
const OWN_ORIGIN = 'http://localhost:3000'

beforeAll(async () => {
  server = await startTestServer()
  owner = await signInOperator(server, 'owner')
  target = await createOperator(server, 'support')
})
afterAll(() => server.close())

const disable = (headers: Record<string, string>) =>
  server.call('POST', `/api/admin/operators/${target.id}/disable`, {
    headers: { cookie: owner.cookie, ...headers },
  })
const targetRow = async () => (await server.db.select().from(operators).where(eq(operators.id, target.id)))[0]
const refusalsOf = (operatorId: string) =>
  server.db
    .select()
    .from(operatorAuditLog)
    .where(and(eq(operatorAuditLog.action, REFUSED_ACTION), eq(operatorAuditLog.operatorId, operatorId)))

describe('a cookie-authenticated write', () => {
  it('from another origin, or with no word of its origin, is refused and changes nothing', async () => {
    const before = (await refusalsOf(owner.operator.id)).length
    const forged: Record<string, string>[] = [
      // A script or an old browser: no Origin, no Sec-Fetch-Site.
      { origin: '' },
      // Same host, another port: the same site, so SameSite=Strict sent the cookie.
      { origin: 'http://localhost:3001' },
      { origin: 'http://evil.localhost:3000' },
      { origin: 'https://localhost:3000' },
      // A sandboxed frame or a data: page.
      { origin: 'null' },
      { origin: '', 'sec-fetch-site': 'same-site' },
      { origin: '', 'sec-fetch-site': 'cross-site' },
      { origin: 'http://localhost:3001', 'sec-fetch-site': 'same-site' },
    ]
    for (const headers of forged) {
      const answer = await disable(headers)
      expect(answer.status, JSON.stringify(headers)).toBe(403)
      expect(answer.body.code).toBe(errorCatalogue.CROSS_SITE_REQUEST.code)
    }
    expect((await targetRow())?.disabledAt).toBeNull()
    const refusals = await refusalsOf(owner.operator.id)
    expect(refusals.length - before).toBe(forged.length)
    expect(refusals.at(-1)).toMatchObject({
      target: target.id,
      reason: expect.stringMatching(/^CROSS_SITE_REQUEST: /),
      after: { route: 'POST /api/admin/operators/:id/disable', status: 403 },
      ip: '127.0.0.1',
    })
  })

  it('with a body that is not JSON (what an HTML form can send) is refused even from our own origin', async () => {
    const path = `/api/admin/operators/${target.id}/role`
    for (const [type, body] of [
      ['text/plain', '{"role":"owner"}'],
      ['application/x-www-form-urlencoded', 'role=owner'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="role"\r\n\r\nowner\r\n--x--',
      ],
    ] as const) {
      const answer = await server.call('POST', path, {
        headers: { cookie: owner.cookie, origin: OWN_ORIGIN, 'content-type': type },
        body,
      })
      expect(answer.status, type).toBe(415)
      expect(answer.body.code).toBe(errorCatalogue.UNSUPPORTED_MEDIA_TYPE.code)
    }
    expect((await targetRow())?.role).toBe('support')
  })

  it('from our own origin, or marked same-origin by the browser, goes through; reads need neither', async () => {
    expect((await disable({ origin: OWN_ORIGIN })).status).toBe(200)
    expect((await targetRow())?.disabledAt).not.toBeNull()
    const enabled = await server.call('POST', `/api/admin/operators/${target.id}/enable`, {
      headers: { cookie: owner.cookie, origin: '', 'sec-fetch-site': 'same-origin' },
    })
    expect(enabled.status).toBe(200)
    const role = await server.call('POST', `/api/admin/operators/${target.id}/role`, {
      headers: { cookie: owner.cookie, origin: OWN_ORIGIN },
      body: { role: 'finance' },
    })
    expect(role.status).toBe(200)
    expect((await targetRow())?.role).toBe('finance')
    const read = await server.call('GET', '/api/admin/operators', {
      headers: { cookie: owner.cookie, origin: '' },
    })
    expect(read.status).toBe(200)
  })

  it('is judged after the session: without a live cookie the answer is 401, whatever the origin', async () => {
    const answer = await server.call('POST', `/api/admin/operators/${target.id}/disable`, {
      headers: { origin: 'http://localhost:3001' },
    })
    expect(answer.status).toBe(401)
  })

  it('customer writes carry the bearer token, which no other page can send, so they need no origin', async () => {
    const customer = await server.newCustomer()
    const answer = await server.call('PATCH', '/api/user/me', {
      token: customer.token,
      headers: { origin: '' },
      body: { name: 'Script' },
    })
    expect(answer.status).toBe(200)
  })
})

describe('the origins whose pages may write', () => {
  it("are PUBLIC_URL's, plus Vite's dev server in development only", () => {
    expect(loadConfig({ NODE_ENV: 'development' }).webOrigins).toEqual([
      'http://localhost:3000',
      'http://localhost:5173',
      'http://127.0.0.1:5173',
    ])
    expect(
      loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://console.example.com/',
        APP_SECRET: 'a-production-secret-of-forty-characters!!',
        ALLOW_EMBEDDED_DATABASE: 'true',
      }).webOrigins,
    ).toEqual(['https://console.example.com'])
    expect(loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://127.0.0.1:8080/base' }).webOrigins).toEqual([
      'http://127.0.0.1:8080',
    ])
  })
})
