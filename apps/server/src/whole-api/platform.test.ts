/// <reference types="vite/client" />

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Endpoint } from '@proxy/contract/endpoint'
import { errorCatalogue } from '@proxy/contract/errors'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../test/test-server.ts'
import { users } from '../modules/auth/auth.schema.ts'
import { loadConfig } from '../platform/config.ts'

const APP_SECRET = 'a-production-secret-of-forty-characters!!'
// Production mode on the embedded database (these tests run on PGlite), which it refuses unless asked.
const PRODUCTION = { NODE_ENV: 'production', APP_SECRET, ALLOW_EMBEDDED_DATABASE: 'true' }

// A stand-in for `vite build` output: what matters here is how the server serves it.
const webDist = mkdtempSync(join(tmpdir(), 'web-dist-'))
mkdirSync(join(webDist, 'assets'))
writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>')
const script = 'console.log("app")'.repeat(50)
writeFileSync(join(webDist, 'assets', 'index-abc123.js'), script)
writeFileSync(join(webDist, 'assets', 'index-abc123.js.gz'), gzipSync(script))

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ WEB_DIST: webDist })
})
afterAll(() => server.close())

describe('envelope and errors', () => {
  it('answers unknown API routes with a 404 envelope', async () => {
    for (const path of ['/api/nope', '/api', '/api/user/me/extra']) {
      const answer = await server.call('GET', path)
      expect(answer.status).toBe(404)
      expect(answer.body).toEqual({
        code: errorCatalogue.ROUTE_NOT_FOUND.code,
        message: 'No such API route',
        data: null,
      })
    }
  })

  it('answers malformed JSON with 400 and a clear message', async () => {
    for (const body of ['{"email":', '{', 'not json', '']) {
      const answer = await server.call('POST', '/api/auth/login', { body })
      expect(answer.status).toBe(400)
      expect(answer.body.code).toBe(errorCatalogue.MALFORMED_REQUEST.code)
    }
  })

  it('answers hostile bodies with 400 naming the field, and changes nothing', async () => {
    const before = await server.db.$count(users)
    const hostile: unknown[] = [
      true,
      null,
      42,
      'a string',
      [],
      [{ email: 'a@b.co', password: 'long enough pass' }],
      {},
      { email: 'a@b.co' },
      { email: 'a@b.co', password: 'long enough pass', isAdmin: true },
      { email: 'x'.repeat(100_000), password: 'long enough pass' },
      { email: 'a@b.co', password: 'p'.repeat(100_000) },
      { email: null, password: null },
      { email: ['a@b.co'], password: { $gt: '' } },
      { email: 'not-an-email', password: 'long enough pass' },
      { email: 'a@b.co', password: 12345678 },
      { __proto__: { polluted: true }, email: 'a@b.co', password: 'long enough pass', constructor: {} },
    ]
    for (const body of hostile) {
      const answer = await server.call('POST', '/api/auth/register', { body })
      expect(answer.status, JSON.stringify(body)?.slice(0, 80)).toBe(400)
      expect([errorCatalogue.VALIDATION_FAILED.code, errorCatalogue.MALFORMED_REQUEST.code]).toContain(
        answer.body.code,
      )
      expect(answer.body.message.length).toBeGreaterThan(0)
    }
    const unknownField = await server.call('POST', '/api/auth/register', {
      body: { email: 'a@b.co', password: 'long enough pass', role: 'admin' },
    })
    expect(unknownField.body.message).toMatch(/role|unrecognized/i)
    expect(await server.db.$count(users)).toBe(before)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('refuses other content types and oversized bodies with an envelope', async () => {
    const form = await server.call('POST', '/api/auth/login', {
      body: 'email=a&password=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(form.status).toBe(415)
    expect(form.body.code).toBe(errorCatalogue.UNSUPPORTED_MEDIA_TYPE.code)
    const huge = await server.call('POST', '/api/auth/login', {
      body: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1_000_000) }),
    })
    expect(huge.status).toBe(413)
    expect(huge.body.code).toBe(errorCatalogue.PAYLOAD_TOO_LARGE.code)
  })
})

describe('headers', () => {
  it('sends a strict CSP and the other security headers, and a request id', async () => {
    const answer = await server.call('GET', '/portal/home')
    const csp = answer.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(csp).toContain("object-src 'none'")
    expect(csp).toContain("base-uri 'none'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(answer.headers.get('strict-transport-security')).toMatch(/max-age=31536000/)
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
    expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(answer.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    const api = await server.call('GET', '/api/user/me')
    expect(api.headers.get('x-request-id')).not.toBe(answer.headers.get('x-request-id'))
  })
})

describe('web client', () => {
  it('serves index.html for every client route, never cached', async () => {
    for (const path of [
      '/',
      '/portal/home',
      '/portal/auth?redirect=%2Fconsole',
      '/console',
      '/console/ipList',
      '/paySuccess',
    ]) {
      const response = await fetch(`${server.baseUrl}${path}`)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('content-type')).toContain('text/html')
      expect(response.headers.get('cache-control')).toBe('no-cache')
      expect(await response.text()).toContain('<div id="root">')
    }
    // An unknown address without a token goes to /portal/home (SPEC §4); more in platform/web-client.test.ts.
    const elsewhere = await fetch(`${server.baseUrl}/elsewhere`, { redirect: 'manual' })
    expect(elsewhere.status).toBe(302)
    expect(elsewhere.headers.get('location')).toBe('/portal/home')
  })

  it('serves hashed assets precompressed with a year of caching', async () => {
    const response = await fetch(`${server.baseUrl}/assets/index-abc123.js`, {
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await response.text()).toBe(script)
  })
})

describe('health and docs', () => {
  it('answers liveness and readiness', async () => {
    expect((await server.call('GET', '/healthz')).status).toBe(200)
    const ready = await server.call('GET', '/readyz')
    expect(ready.status).toBe(200)
    expect(ready.body).toMatchObject({ status: 'ready' })
  })

  it('publishes an OpenAPI document covering every route, and a reference page', async () => {
    const document = (await (await fetch(`${server.baseUrl}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>
    }
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    )
    // The operator API is documented endpoint for endpoint from its contract files (found by glob,
    // so a new admin area needs no edit here); the customer API is listed by hand.
    const adminContract = Object.values(
      import.meta.glob<Record<string, unknown>>('../../../../packages/contract/src/admin/*.ts', {
        eager: true,
      }),
    )
      .flatMap((module) => Object.values(module))
      .filter(
        (value): value is Endpoint =>
          typeof value === 'object' && value !== null && 'path' in value && 'method' in value,
      )
      .map((endpoint) => `${endpoint.method} /api${endpoint.path.replace(/:(\w+)/g, '{$1}')}`)
    const isAdmin = (operation: string) => operation.includes(' /api/admin/')
    expect(documented.filter(isAdmin).sort()).toEqual(adminContract.sort())
    expect(adminContract.length).toBeGreaterThanOrEqual(12)
    const operations = documented.filter((operation) => !isAdmin(operation))
    expect(operations.sort()).toEqual(
      [
        'DELETE /api/user/api-tokens/{id}',
        'GET /api/user/api-tokens',
        'DELETE /api/user/ip-whitelist/{id}',
        'GET /api/user/ip-whitelist',
        'POST /api/user/ip-whitelist',
        'GET /api/user/me',
        'GET /api/user/wallet',
        'PATCH /api/user/me',
        'POST /api/auth/login',
        'POST /api/auth/login/2fa',
        'POST /api/user/2fa/setup',
        'POST /api/user/2fa/enable',
        'POST /api/user/2fa/disable',
        'GET /api/user/sessions',
        'DELETE /api/user/sessions/{id}',
        'POST /api/user/sessions/revoke-others',
        'GET /api/user/sign-ins',
        'POST /api/auth/logout',
        'POST /api/auth/password',
        'POST /api/auth/register',
        'POST /api/auth/password-reset',
        'POST /api/auth/password-reset/confirm',
        'POST /api/auth/verify-email',
        'POST /api/user/verify-email/resend',
        'POST /api/user/api-tokens',
        'POST /api/user/wallet/topup',
        'GET /api/user/wallet/topups',
        'GET /api/user/wallet/topups/{orderNo}',
        'POST /api/user/wallet/topups/{orderNo}/cancel',
        'GET /api/user/wallet/transactions',
        'GET /api/user/wallet/transactions/export',
        'GET /api/payments/epay/notify',
        'POST /api/payments/epay/notify',
        'GET /api/payments/epay/return',
        'GET /api/catalog/static-ip',
        'POST /api/orders/static-ip/quote',
        'POST /api/orders/static-ip',
        'GET /api/orders',
        'GET /api/orders/{orderNo}',
        'GET /api/proxy/instances',
        'GET /api/proxy/instances/{id}',
        'PATCH /api/proxy/instances/{id}',
        'POST /api/proxy/instances/{id}/reset-credentials',
        'POST /api/proxy/instances/{id}/replace',
        'GET /api/proxy/instances/{id}/replacements',
        'POST /api/proxy/instances/renew',
        'GET /api/proxy/instances/export/{type}',
        'GET /api/user/download-links',
        'POST /api/user/download-links',
        'POST /api/user/download-links/{id}/reset',
        'DELETE /api/user/download-links/{id}',
        'GET /api/dl/{secret}',
        'GET /api/user/announcements',
        'GET /api/user/notices',
        'POST /api/user/notices/{id}/read',
        'GET /api/catalog/traffic-plans',
        'POST /api/orders/traffic/quote',
        'POST /api/orders/traffic',
        'GET /api/user/traffic-packages',
        'GET /api/user/traffic-account',
        'POST /api/user/traffic-account/reset-password',
        'GET /api/proxy/instances/traffic-usage',
        'GET /api/user/sub-users',
        'POST /api/user/sub-users',
        'GET /api/user/sub-users/{id}',
        'PATCH /api/user/sub-users/{id}',
        'DELETE /api/user/sub-users/{id}',
        'POST /api/user/sub-users/{id}/reset-password',
        'POST /api/user/sub-users/{id}/lift-auto-stop',
        'GET /api/user/sub-users/{id}/usage',
        'GET /api/user/traffic-account/auto-stop',
        'PUT /api/user/traffic-account/auto-stop',
        'POST /api/user/traffic-account/auto-stop/lift',
        'GET /api/user/overview',
        'GET /api/user/receipts',
        'GET /api/user/receipts/{id}',
        'GET /api/user/receipts/{id}/pdf',
        'GET /api/user/billing-details',
        'PUT /api/user/billing-details',
        'GET /api/proxy/stats/tunnels',
        'GET /api/proxy/stats/subjects',
        'GET /api/proxy/stats/destinations',
        'GET /api/proxy/stats/settings',
        'PUT /api/proxy/stats/settings',
        'GET /api/node/v1/users',
        'POST /api/node/v1/traffic',
        'POST /api/node/v1/heartbeat',
        'GET /api/user/alerts',
        'POST /api/user/alerts',
        'PATCH /api/user/alerts/{id}',
        'DELETE /api/user/alerts/{id}',
        'GET /api/user/webhooks',
        'POST /api/user/webhooks',
        'PATCH /api/user/webhooks/{id}',
        'DELETE /api/user/webhooks/{id}',
        'POST /api/user/webhooks/{id}/reset-secret',
        'POST /api/user/webhooks/{id}/test',
        'GET /api/user/webhooks/{id}/deliveries',
      ].sort(),
    )
    const docs = await fetch(`${server.baseUrl}/api/docs`, { redirect: 'follow' })
    expect(docs.status).toBe(200)
    expect(await docs.text()).toContain('swagger')
  })

  it('serves the reference page only where API_DOCS allows it (off in production), the document always', async () => {
    expect(loadConfig({}).apiDocs).toBe(true)
    expect(loadConfig(PRODUCTION).apiDocs).toBe(false)
    expect(loadConfig({ ...PRODUCTION, API_DOCS: 'true' }).apiDocs).toBe(true)
    const closed = await startTestServer({ API_DOCS: 'false' })
    try {
      const docs = await closed.call('GET', '/api/docs')
      expect(docs.status).toBe(404)
      expect(docs.body.code).toBe(errorCatalogue.ROUTE_NOT_FOUND.code)
      expect((await closed.call('GET', '/api/docs/static/index.html')).status).toBe(404)
      expect((await closed.call('GET', '/api/openapi.json')).status).toBe(200)
    } finally {
      await closed.close()
    }
  })

  it('sends a Permissions-Policy that turns off the features no page uses, on every answer', async () => {
    for (const path of ['/api/openapi.json', '/api/nothing-here', '/portal/home', '/console/overview']) {
      const answer = await fetch(`${server.baseUrl}${path}`, { redirect: 'manual' })
      const policy = answer.headers.get('permissions-policy') ?? ''
      // Read to the end: an unread body keeps the connection busy, and the server's close waits for it.
      await answer.arrayBuffer()
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb'])
        expect(policy, path).toContain(`${feature}=()`)
      expect(policy).not.toContain('clipboard')
    }
  })
})

describe('config', () => {
  it('names every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrow(/PORT[\s\S]*DATABASE_URL/)
  })

  it('takes TRUST_PROXY as a hop count or the proxies’ addresses, and refuses `true` in production', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1)
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
    ])
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true)
    expect(() => loadConfig({ ...PRODUCTION, TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true trusts every hop/,
    )
    expect(loadConfig({ ...PRODUCTION, TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1)
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/)
  })

  it('with TRUST_PROXY=1 a forged X-Forwarded-For names no client: only the hop nearest to us counts', async () => {
    const behind = await startTestServer({ TRUST_PROXY: '1', ADMIN_ALLOWED_IPS: '10.9.9.9' })
    try {
      // A client's own header (leftmost) is not an address the balancer vouches for.
      const forged = await behind.call('GET', '/api/admin/auth/me', {
        headers: { 'x-forwarded-for': '10.9.9.9, 127.0.0.5' },
      })
      expect(forged.status).toBe(403)
      // The one hop we trust (127.0.0.1, the balancer here) named 10.9.9.9: the allow-list opens.
      const vouched = await behind.call('GET', '/api/admin/auth/me', {
        headers: { 'x-forwarded-for': '10.9.9.9' },
      })
      expect(vouched.status).toBe(401)
    } finally {
      await behind.close()
    }
  })

  it('builds mailed links on PUBLIC_URL, or on this server at localhost', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000')
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080')
    expect(loadConfig({ PUBLIC_URL: 'https://console.example.com/' }).publicUrl).toBe(
      'https://console.example.com',
    )
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/)
  })

  it('mounts the sandbox gateway only without a real one, and in production only on request', () => {
    expect(loadConfig({}).paymentsSandbox).toBe(true)
    expect(loadConfig(PRODUCTION).paymentsSandbox).toBe(false)
    expect(loadConfig({ ...PRODUCTION, PAYMENTS_SANDBOX: 'true' }).paymentsSandbox).toBe(true)
    const real = { EPAY_URL: 'https://pay.example.com', PUBLIC_URL: 'https://console.example.com' }
    expect(loadConfig(real).paymentsSandbox).toBe(false)
    expect(() => loadConfig({ EPAY_URL: 'https://pay.example.com' })).toThrow(/PUBLIC_URL/)
    expect(() => loadConfig({ ...real, NODE_ENV: 'production' })).toThrow(/EPAY_KEY/)
  })

  it('answers 503 for top-ups when no gateway is configured', async () => {
    const closed = await startTestServer({ PAYMENTS_SANDBOX: 'false' })
    try {
      const { token } = await closed.newCustomer()
      const answer = await closed.call('POST', '/api/user/wallet/topup', {
        token,
        body: { amount: 10, channel: 'alipay' },
      })
      expect(answer.status).toBe(503)
      expect(answer.body.code).toBe(errorCatalogue.PAYMENTS_UNAVAILABLE.code)
      expect((await fetch(`${closed.baseUrl}/sandbox-pay/api.php`)).status).toBe(404)
    } finally {
      await closed.close()
    }
  })

  it('refuses to start production with the development APP_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET/)
    expect(() => loadConfig({ ...PRODUCTION, APP_SECRET: 'short' })).toThrow(/APP_SECRET/)
    expect(loadConfig(PRODUCTION).APP_SECRET).toBe(APP_SECRET)
  })

  it('never seeds the demo customer in production', () => {
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO: 'true' }).seedDemo).toBe(false)
    expect(loadConfig({}).seedDemo).toBe(true)
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false)
  })
})
