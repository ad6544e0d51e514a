// Failures raised before a route runs (router, body parser, Node's HTTP parser, timeouts) still
// answer the envelope with the security headers and a request id.
import { connect } from 'node:net'
import { type ErrorName, errorCatalogue } from '@proxy/contract/errors'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../test/test-server.ts'
import { loadConfig } from './config.ts'

const REQUEST_TIMEOUT_MS = 1000

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) })
})
afterAll(() => server.close())

type Seen = { status: number; header: (name: string) => string | null; body: unknown }

function expectEnvelope(answer: Seen, status: number, name: ErrorName) {
  expect(answer.status).toBe(status)
  expect(answer.body).toMatchObject({ code: errorCatalogue[name].code, message: expect.any(String) })
  expect(answer.header('content-type')).toMatch(/^application\/json/)
  expect(answer.header('content-security-policy')).toContain("default-src 'self'")
  expect(answer.header('content-security-policy')).toContain("frame-ancestors 'none'")
  expect(answer.header('x-content-type-options')).toBe('nosniff')
  expect(answer.header('strict-transport-security')).toMatch(/max-age=31536000/)
  expect(answer.header('referrer-policy')).toBe('strict-origin-when-cross-origin')
  expect(answer.header('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
}

async function call(method: string, path: string, options: Parameters<TestServer['call']>[2] = {}) {
  const answer = await server.call(method, path, options)
  return { status: answer.status, header: (name: string) => answer.headers.get(name), body: answer.body }
}

type RawAnswer = Seen & { closedAfterMs: number }

/**
 * Speaks HTTP/1.1 over a bare socket, for what fetch will not send: the chunks go out `everyMs`
 * apart, and the answer is read until the server closes the connection.
 */
function rawRequest(chunks: string[], everyMs = 0): Promise<RawAnswer> {
  const { port } = new URL(server.baseUrl)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1')
    const started = Date.now()
    const received: Buffer[] = []
    let timer: NodeJS.Timeout | undefined
    const guard = setTimeout(() => {
      socket.destroy()
      reject(new Error('the server kept the connection open'))
    }, 10_000)
    const sendNext = (index: number) => {
      if (index >= chunks.length || socket.destroyed) return
      socket.write(chunks[index] ?? '')
      timer = setTimeout(() => sendNext(index + 1), everyMs)
    }
    socket.on('connect', () => sendNext(0))
    socket.on('data', (data) => received.push(data))
    socket.on('error', () => {}) // a reset after the answer still leaves the answer to read
    socket.on('close', () => {
      clearTimeout(guard)
      clearTimeout(timer)
      const text = Buffer.concat(received).toString('utf8')
      const [head = '', ...rest] = text.split('\r\n\r\n')
      const [statusLine = '', ...lines] = head.split('\r\n')
      const headers = new Map(
        lines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      )
      let body: unknown = rest.join('\r\n\r\n')
      try {
        body = JSON.parse(body as string)
      } catch {}
      resolve({
        status: Number(statusLine.split(' ')[1]),
        header: (name) => headers.get(name) ?? null,
        body,
        closedAfterMs: Date.now() - started,
      })
    })
  })
}

// Past Fastify's default parameter limit (100), and long enough to fill most of a request line.
const longId = 'a'.repeat(10_000)

describe('router-level errors', () => {
  it('routes long path parameters, so a stranger gets 401 and a customer 400, as for any bad id', async () => {
    const { token } = await server.newCustomer()
    for (const [method, path] of [
      ['GET', `/api/proxy/instances/${longId}`],
      ['GET', `/api/orders/${longId}`],
      ['POST', `/api/user/wallet/topups/${longId}/cancel`],
    ] as const) {
      expectEnvelope(await call(method, path), 401, 'UNAUTHORIZED')
      expectEnvelope(await call(method, path, { token }), 400, 'VALIDATION_FAILED')
    }
  })

  it('answers unknown routes and wrong methods with a 404 envelope', async () => {
    for (const [method, path] of [
      ['GET', '/api/nope'],
      ['DELETE', '/api/user/me'],
      ['PUT', '/api/auth/login'],
      ['PATCH', '/api/orders'],
    ] as const)
      expectEnvelope(await call(method, path), 404, 'ROUTE_NOT_FOUND')
  })

  it('answers a URL that does not decode with a 400 envelope, after 401 for a stranger', async () => {
    const { token } = await server.newCustomer()
    for (const path of ['/api/%zz', '/api/orders/%E0%A4%A']) {
      expectEnvelope(await call('GET', path), 401, 'UNAUTHORIZED')
      expectEnvelope(await call('GET', path, { token }), 400, 'MALFORMED_REQUEST')
    }
    expectEnvelope(await call('GET', '/%zz'), 400, 'MALFORMED_REQUEST')
  })

  it('answers oversized bodies with 413 and other content types with 415', async () => {
    const huge = await call('POST', '/api/auth/login', {
      body: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1_000_000) }),
    })
    expectEnvelope(huge, 413, 'PAYLOAD_TOO_LARGE')
    const xml = await call('POST', '/api/auth/login', {
      body: '<login/>',
      headers: { 'content-type': 'application/xml' },
    })
    expectEnvelope(xml, 415, 'UNSUPPORTED_MEDIA_TYPE')
  })
})

describe('errors of the HTTP parser', () => {
  it('answers a request it cannot parse with a 400 envelope and closes', async () => {
    const answer = await rawRequest(['GET /api/user/me HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n'])
    expectEnvelope(answer, 400, 'MALFORMED_REQUEST')
  })

  it('answers headers over 16 KB with a 431 envelope and closes', async () => {
    const answer = await rawRequest([
      `GET /api/user/me HTTP/1.1\r\nHost: x\r\nX-Big: ${'h'.repeat(20_000)}\r\n\r\n`,
    ])
    expectEnvelope(answer, 431, 'HEADERS_TOO_LARGE')
  })

  it('sends the very headers of a routed answer', async () => {
    const routed = await call('GET', '/api/nope')
    const raw = await rawRequest(['BREW /api/nope HTTP/1.1\r\nHost: x\r\n\r\n'])
    expectEnvelope(raw, 400, 'MALFORMED_REQUEST')
    for (const name of [
      'content-security-policy',
      'strict-transport-security',
      'x-content-type-options',
      'x-frame-options',
      'referrer-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
    ])
      expect(raw.header(name), name).toBe(routed.header(name))
  })
})

describe('timeouts', () => {
  it('answers a body that trickles in with 408 and closes the socket', async () => {
    const head =
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n'
    const answer = await rawRequest([head, ...Array.from({ length: 40 }, () => ' ')], 100)
    expectEnvelope(answer, 408, 'REQUEST_TIMEOUT')
    // Node checks for expired requests on an interval, so allow a little past the timeout.
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100)
    expect(answer.closedAfterMs).toBeLessThan(REQUEST_TIMEOUT_MS * 2 + 500)
  })

  it('answers headers that trickle in with 408 and closes the socket', async () => {
    const answer = await rawRequest(
      ['GET /api/user/me HTTP/1.1\r\n', ...Array.from({ length: 40 }, (_, i) => `X-${i}: y\r\n`)],
      100,
    )
    expectEnvelope(answer, 408, 'REQUEST_TIMEOUT')
    expect(answer.closedAfterMs).toBeLessThan(REQUEST_TIMEOUT_MS * 2 + 500)
  })

  it('bounds headers, body and idle keep-alive sockets, body at 30 s by default', () => {
    expect(loadConfig({}).REQUEST_TIMEOUT_MS).toBe(30_000)
    const http = server.app.server
    expect(http.requestTimeout).toBe(REQUEST_TIMEOUT_MS)
    expect(http.headersTimeout).toBeGreaterThan(0)
    expect(http.headersTimeout).toBeLessThanOrEqual(REQUEST_TIMEOUT_MS)
    expect(http.keepAliveTimeout).toBeGreaterThan(0)
  })
})
