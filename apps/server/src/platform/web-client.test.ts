import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { errorCatalogue } from '@proxy/contract/errors'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readSecurityHeaders, type SecurityHeaders } from './security.ts'
import { hasTokenCookie, registerWebClient } from './web-client.ts'

// A stand-in for `vite build` output.
const webDist = mkdtempSync(join(tmpdir(), 'web-client-'))
mkdirSync(join(webDist, 'assets'))
writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>')
writeFileSync(join(webDist, 'admin.html'), '<!doctype html><div id="admin-root"></div>')
writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'console.log("app")')

let app: FastifyInstance
let securityHeaders: SecurityHeaders
beforeAll(async () => {
  app = Fastify()
  // As registerSecurity does on the real server: every answer carries the security headers.
  securityHeaders = await readSecurityHeaders()
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(securityHeaders)
  })
  await registerWebClient(app, webDist)
  await app.ready()
})
afterAll(() => app.close())

const get = (url: string, token?: string) =>
  app.inject({
    method: 'GET',
    url,
    headers: token === undefined ? {} : { cookie: `lang=zh; token=${token}` },
  })

describe('web client: unknown addresses', () => {
  it('sends an unknown page address without a token to /portal/home', async () => {
    for (const path of ['/elsewhere', '/nope/deeper?x=1', '/Console', '/pay-success']) {
      const response = await get(path)
      expect(response.statusCode, path).toBe(302)
      expect(response.headers.location, path).toBe('/portal/home')
    }
  })

  it('treats an empty token cookie as no token', async () => {
    const response = await get('/elsewhere', '')
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe('/portal/home')
  })

  it('serves the SPA for an unknown address with a token, which shows its not-found page', async () => {
    const response = await get('/elsewhere', 'abc')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/html')
    expect(response.body).toContain('<div id="root">')
  })

  it('still serves the SPA for its own routes without a token (the SPA redirects with ?redirect=)', async () => {
    for (const path of ['/console/ipList', '/console/line-buy?region=us-lax', '/portal/home']) {
      const response = await get(path)
      expect(response.statusCode, path).toBe(200)
      expect(response.body).toContain('<div id="root">')
    }
  })

  it('keeps the JSON 404 envelope for API paths', async () => {
    for (const path of ['/api/nope', '/api']) {
      const response = await get(path)
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({
        code: errorCatalogue.ROUTE_NOT_FOUND.code,
        message: 'No such API route',
        data: null,
      })
    }
  })

  it('keeps a plain 404 for missing files and for other methods', async () => {
    for (const path of ['/assets/missing-123.js', '/favicon.ico', '/logo.png']) {
      const response = await get(path)
      expect(response.statusCode, path).toBe(404)
      expect(response.headers.location).toBeUndefined()
    }
    const post = await app.inject({ method: 'POST', url: '/elsewhere' })
    expect(post.statusCode).toBe(404)
    expect((await get('/assets/index-abc123.js')).statusCode).toBe(200)
  })
})

describe('web client: the operator console at /admin', () => {
  const adminPaths = ['/admin', '/admin/', '/admin/login', '/admin/customers/0c9e2f4a?page=2', '/admin/a/b/c']

  it('serves admin.html for /admin and every page under it, with or without a customer token', async () => {
    for (const path of adminPaths)
      for (const token of [undefined, 'abc']) {
        const response = await get(path, token)
        expect(response.statusCode, path).toBe(200)
        expect(response.headers.location, path).toBeUndefined()
        expect(response.headers['content-type'], path).toContain('text/html')
        expect(response.headers['cache-control'], path).toBe('no-cache')
        expect(response.body, path).toContain('<div id="admin-root">')
      }
  })

  it('sends the same security headers on the console page as on the customer app', async () => {
    const admin = await get('/admin/login')
    const customer = await get('/portal/home')
    expect(Object.keys(securityHeaders).length).toBeGreaterThan(5)
    for (const [name, value] of Object.entries(securityHeaders)) {
      expect(admin.headers[name], name).toBe(value)
      expect(customer.headers[name], name).toBe(value)
    }
  })

  it('leaves look-alike addresses, files under /admin and other methods to the customer rules', async () => {
    const lookAlike = await get('/administrator')
    expect(lookAlike.statusCode).toBe(302)
    expect(lookAlike.headers.location).toBe('/portal/home')
    expect((await get('/admin/logo.png')).statusCode).toBe(404)
    expect((await app.inject({ method: 'POST', url: '/admin/login' })).statusCode).toBe(404)
    const api = await get('/api/admin/nope')
    expect(api.statusCode).toBe(404)
    expect(api.json().code).toBe(errorCatalogue.ROUTE_NOT_FOUND.code)
  })

  it('answers 503 for the console when the build has no admin.html', async () => {
    const oldDist = mkdtempSync(join(tmpdir(), 'web-client-old-'))
    writeFileSync(join(oldDist, 'index.html'), '<!doctype html><div id="root"></div>')
    const old = Fastify()
    await registerWebClient(old, oldDist)
    const response = await old.inject({ method: 'GET', url: '/admin/login' })
    await old.close()
    expect(response.statusCode).toBe(503)
    expect(response.body).not.toContain('<div id="root">')
  })
})

describe('hasTokenCookie', () => {
  it('finds a non-empty token cookie among others', () => {
    expect(hasTokenCookie('a=1; token=xyz; b=2')).toBe(true)
    expect(hasTokenCookie('token=a=b')).toBe(true)
    expect(hasTokenCookie('token=')).toBe(false)
    expect(hasTokenCookie('mytoken=xyz')).toBe(false)
    expect(hasTokenCookie(undefined)).toBe(false)
  })
})
