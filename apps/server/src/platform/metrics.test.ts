import { randomUUID } from 'node:crypto'
import { errorCatalogue } from '@proxy/contract/errors'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buy, fund, stockRegion } from '../../test/static-ip.ts'
import { startTestServer, type TestServer } from '../../test/test-server.ts'
import { loadConfig } from './config.ts'

const TOKEN = 'metrics-token-0123456789-abcdef'

/** The value of one sample line (`name{labels} value`), 0 when the series is absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `))
  return line ? Number(line.slice(series.length + 1)) : 0
}

async function scrape(server: TestServer, options: { token?: string; from?: string } = {}) {
  const answer = await server.call('GET', '/metrics', options)
  expect(answer.status).toBe(200)
  expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
  return answer.body.message
}

describe('metrics in development', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ NODE_ENV: 'development', JOBS_ENABLED: 'false' })
  })
  afterAll(() => server.close())

  it('answers Prometheus text with the request, business and process metrics', async () => {
    const text = await scrape(server)
    for (const name of [
      'http_request_duration_seconds',
      'proxy_purchases_total',
      'proxy_topups',
      'proxy_node_push_lag_seconds',
      'proxy_gateway_open_tunnels',
      'proxy_gateway_bytes_per_second',
      'proxy_gateway_bytes_total',
      'proxy_gateway_password_failures_total',
      'proxy_gateway_password_blocks_total',
      'proxy_gateway_blocked_sources',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(text).toContain(`# TYPE ${name} `)
  })

  it('counts requests by route pattern and status class, never by raw URL', async () => {
    const customer = await server.newCustomer()
    const series =
      'http_request_duration_seconds_count{method="GET",route="/api/orders/:orderNo",status="4xx"}'
    const before = sample(await scrape(server), series)
    const missing = await server.call('GET', '/api/orders/NO-SUCH-ORDER-4711', { token: customer.token })
    expect(Math.floor(missing.status / 100)).toBe(4)
    const after = await scrape(server)
    expect(sample(after, series)).toBe(before + 1)
    expect(after).not.toContain('NO-SUCH-ORDER-4711')
  })

  it('reports a purchase and a top-up from the database', async () => {
    const customer = await server.newCustomer()
    await fund(server, customer.email, 100_00)
    const region = await stockRegion(server, 1)
    const before = await scrape(server)
    const bought = await buy(server, customer.token, {
      regionId: region,
      quantity: 1,
      durationDays: 30,
      protocol: 'socks5',
    })
    expect(bought.status).toBe(200)
    const topup = await server.call('POST', '/api/user/wallet/topup', {
      token: customer.token,
      body: { amount: 10_00, channel: 'alipay' },
      headers: { 'idempotency-key': crypto.randomUUID() },
    })
    expect(topup.status).toBe(200)
    const after = await scrape(server)
    expect(sample(after, 'proxy_purchases_total{kind="new"}')).toBe(
      sample(before, 'proxy_purchases_total{kind="new"}') + 1,
    )
    expect(sample(after, 'proxy_topups{status="pending"}')).toBe(
      sample(before, 'proxy_topups{status="pending"}') + 1,
    )
  })

  it("reports each active node's push lag, tunnels and throughput, and no revoked node", async () => {
    const name = `edge-${randomUUID().slice(0, 8)}`
    await server.db.execute(sql`
      insert into nodes (name, host, token_hash, last_push_at, open_tunnels, bytes_per_second)
      values (${name}, 'edge.example.com', ${randomUUID()}, now() - interval '90 seconds', 42, 5000000),
             (${`${name}-old`}, 'old.example.com', ${randomUUID()}, now(), 7, 1)`)
    await server.db.execute(sql`update nodes set revoked_at = now() where name = ${`${name}-old`}`)
    const text = await scrape(server)
    const lag = sample(text, `proxy_node_push_lag_seconds{node="${name}"}`)
    expect(lag).toBeGreaterThanOrEqual(90)
    expect(lag).toBeLessThan(150)
    expect(sample(text, `proxy_gateway_open_tunnels{node="${name}"}`)).toBe(42)
    expect(sample(text, `proxy_gateway_bytes_per_second{node="${name}"}`)).toBe(5_000_000)
    expect(text).not.toContain(`${name}-old`)
  })

  it("reports each active node's password guessing from its last heartbeat", async () => {
    const name = `guessed-${randomUUID().slice(0, 8)}`
    const figures = JSON.stringify({ failures: 4321, blocks: 7, blockedSources: 2, offenders: [] })
    await server.db.execute(sql`
      insert into nodes (name, host, token_hash, password_guessing)
      values (${name}, 'edge.example.com', ${randomUUID()}, ${figures}::jsonb),
             (${`${name}-quiet`}, 'quiet.example.com', ${randomUUID()}, null)`)
    const text = await scrape(server)
    expect(sample(text, `proxy_gateway_password_failures_total{node="${name}"}`)).toBe(4321)
    expect(sample(text, `proxy_gateway_password_blocks_total{node="${name}"}`)).toBe(7)
    expect(sample(text, `proxy_gateway_blocked_sources{node="${name}"}`)).toBe(2)
    // A node whose gateway reports none has no series (rather than a false 0).
    expect(text).not.toContain(`proxy_gateway_password_failures_total{node="${name}-quiet"}`)
  })

  it('is open to every loopback address without a token', async () => {
    expect(await scrape(server, { from: '127.0.0.2' })).toContain('# TYPE proxy_topups ')
  })
})

describe('metrics in production', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({
      NODE_ENV: 'production',
      APP_SECRET: 'a-production-secret-of-forty-characters!!',
      JOBS_ENABLED: 'false',
      LOG_LEVEL: 'info',
      METRICS_TOKEN: TOKEN,
      METRICS_ALLOW: '127.0.0.7/32',
    })
  })
  afterAll(() => server.close())

  it('refuses a scraper without the token, or with a wrong one, with the 401 envelope', async () => {
    for (const token of [undefined, 'wrong-token-0123456789-abcdef', `${TOKEN}x`]) {
      const answer = await server.call('GET', '/metrics', { token })
      expect(answer.status).toBe(401)
      expect(answer.body.code).toBe(errorCatalogue.UNAUTHORIZED.code)
      expect(answer.body.message).not.toContain('# TYPE')
    }
  })

  it('accepts the bearer token, and an allowed address without it', async () => {
    expect(await scrape(server, { token: TOKEN })).toContain('# TYPE http_request_duration_seconds ')
    expect(await scrape(server, { from: '127.0.0.7' })).toContain('# TYPE proxy_purchases_total ')
  })

  it('never writes the token to the log', async () => {
    await scrape(server, { token: TOKEN })
    expect(server.logs.some((line) => line.includes('"/metrics"'))).toBe(true)
    expect(server.logs.join('\n')).not.toContain(TOKEN)
  })
})

describe('metrics in production with nothing configured', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({
      NODE_ENV: 'production',
      APP_SECRET: 'a-production-secret-of-forty-characters!!',
      JOBS_ENABLED: 'false',
    })
  })
  afterAll(() => server.close())

  it('is closed even to loopback (403)', async () => {
    const answer = await server.call('GET', '/metrics')
    expect(answer.status).toBe(403)
    expect(answer.body.code).toBe(errorCatalogue.FORBIDDEN.code)
  })
})

describe('metrics configuration', () => {
  it('takes addresses and ranges, and refuses a malformed list or a short token', () => {
    expect(loadConfig({ METRICS_ALLOW: '10.0.0.0/8, 192.0.2.7,::1' }).METRICS_ALLOW).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
      '::1',
    ])
    expect(() => loadConfig({ METRICS_ALLOW: '10.0.0.0/99' })).toThrow(/METRICS_ALLOW/)
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: at least 16 characters/)
  })
})
