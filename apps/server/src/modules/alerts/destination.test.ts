// The webhook SSRF guard. Unit: which addresses are special, what is refused when saved. Through the
// real server in production mode (NODE_ENV=production): private, loopback and other special
// destinations refused when saved and, for names, when resolved — with a resolver the test hands in,
// never real DNS — and the receiver on loopback never reached. Outside production: a name whose second
// answer differs (rebinding) is resolved once and the request goes to the address that was checked.
import { randomUUID } from 'node:crypto'
import type { CreatedWebhook, WebhookDelivery } from '@proxy/contract/alerts/webhooks'
import { errorCatalogue } from '@proxy/contract/errors'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { startReceiver } from '../../../test/webhook-receiver.ts'
import { DEV_APP_SECRET } from '../../platform/config.ts'
import { sealerFor } from '../auth/index.ts'
import { createDeliverer } from './deliveries.service.ts'
import { isAcceptableUrl, isSpecialAddress, type ResolvedAddress, type Resolver } from './destination.ts'

const SPECIAL = [
  ...['0.0.0.0', '10.1.2.3', '100.64.0.1', '127.0.0.1', '127.255.0.9', '169.254.169.254', '172.16.0.1'],
  ...['192.168.1.1', '224.0.0.251', '255.255.255.255', '192.0.2.10', '198.51.100.1', '203.0.113.9'],
  ...['198.18.0.1', '::', '::1', 'fc00::1', 'fd12::1', 'fe80::1', 'ff02::1', '2001:db8::1', '64:ff9b::a00:1'],
  ...['2002:a00:1::', '::ffff:127.0.0.1', '::ffff:a00:1', '::ffff:169.254.169.254', 'not-an-address'],
]
const PUBLIC = ['1.1.1.1', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:1.1.1.1']

describe('special addresses', () => {
  it('covers loopback, private, link-local, CGNAT, multicast, documentation and translator ranges', () => {
    for (const address of SPECIAL) expect(isSpecialAddress(address), address).toBe(true)
    for (const address of PUBLIC) expect(isSpecialAddress(address), address).toBe(false)
  })

  it('refuses, when saved in production, http and every special literal or local name', () => {
    const refused = [
      'http://hooks.example.com/x',
      'https://127.0.0.1/x',
      'https://[::1]:8443/x',
      'https://10.0.0.7/x',
      'https://169.254.169.254/latest',
      'https://[::ffff:7f00:1]/x',
      'https://0x7f000001/x',
      'https://localhost/x',
      'https://api.localhost/x',
    ]
    for (const url of refused) expect(isAcceptableUrl(url, true), url).toBe(false)
    for (const url of ['https://hooks.example.com/x', 'https://1.1.1.1/x', 'https://[2606:4700::1111]/x'])
      expect(isAcceptableUrl(url, true), url).toBe(true)
    // Elsewhere: https anywhere, plain http to loopback or to a name (judged when resolved).
    for (const url of [
      'http://127.0.0.1:8080/x',
      'http://[::1]/x',
      'https://10.0.0.7/x',
      'http://hooks.test/x',
    ])
      expect(isAcceptableUrl(url, false), url).toBe(true)
    expect(isAcceptableUrl('http://10.0.0.7/x', false)).toBe(false)
  })
})

/** A resolver that answers each name from a script (one answer per call, the last repeated) and counts calls. */
function scriptedResolver(script: Record<string, string[][]>) {
  const calls: string[] = []
  const resolve: Resolver = async (hostname) => {
    calls.push(hostname)
    const answers = script[hostname]
    if (!answers) throw Object.assign(new Error(`no such name ${hostname}`), { code: 'ENOTFOUND' })
    const made = calls.filter((name) => name === hostname).length
    const answer = answers[Math.min(made, answers.length) - 1] ?? []
    return answer.map((address): ResolvedAddress => ({ address, family: address.includes(':') ? 6 : 4 }))
  }
  return { resolve, calls }
}

async function queueTest(server: TestServer, url: string) {
  const { token } = await server.newCustomer()
  const created = await server.call<CreatedWebhook>('POST', '/api/user/webhooks', { token, body: { url } })
  expect(created.status, JSON.stringify(created.body)).toBe(200)
  const { id } = created.body.data.endpoint
  const queued = await server.call<WebhookDelivery>('POST', `/api/user/webhooks/${id}/test`, { token })
  expect(queued.status).toBe(200)
  const log = async () =>
    (await server.call<{ items: WebhookDelivery[] }>('GET', `/api/user/webhooks/${id}/deliveries`, { token }))
      .body.data.items[0]
  return { eventId: queued.body.data.eventId, log }
}

const deliverer = (
  server: TestServer,
  resolve: Resolver,
  isProduction: boolean,
  appSecret = DEV_APP_SECRET,
) =>
  createDeliverer({
    db: server.db,
    sealer: sealerFor({ APP_SECRET: appSecret }),
    log: server.app.log,
    isProduction,
    resolve,
  })

describe('in production', () => {
  const APP_SECRET = `production-${randomUUID()}`
  let server: TestServer
  let receiver: Awaited<ReturnType<typeof startReceiver>>
  beforeAll(async () => {
    server = await startTestServer({
      NODE_ENV: 'production',
      APP_SECRET,
      ALLOW_EMBEDDED_DATABASE: 'true',
      JOBS_ENABLED: 'false',
    })
    receiver = await startReceiver()
  })
  afterAll(async () => {
    await receiver?.close()
    await server?.close()
  })

  it('refuses a private, loopback or plain-http address when it is saved', async () => {
    const { token } = await server.newCustomer()
    for (const url of [
      receiver.url(),
      `https://127.0.0.1:${receiver.port}/`,
      'https://172.16.5.4/',
      'https://192.168.0.1/',
      'https://localhost/',
    ]) {
      const answer = await server.call('POST', '/api/user/webhooks', { token, body: { url } })
      expect(answer.status, url).toBe(422)
      expect(answer.body.code).toBe(errorCatalogue.WEBHOOK_DESTINATION_REFUSED.code)
    }
    // An IPv6 literal is no address the contract takes at all (a name serves IPv6 receivers).
    const literal = await server.call('POST', '/api/user/webhooks', {
      token,
      body: { url: 'https://[fd00::1]/' },
    })
    expect(literal.status).toBe(400)
    const saved = await server.call<CreatedWebhook>('POST', '/api/user/webhooks', {
      token,
      body: { url: 'https://hooks.example.com/in' },
    })
    expect(saved.status).toBe(200)
    const moved = await server.call('PATCH', `/api/user/webhooks/${saved.body.data.endpoint.id}`, {
      token,
      body: { url: 'https://10.0.0.1/in' },
    })
    expect(moved.status).toBe(422)
  })

  it('refuses a name that resolves to a private address, or to one among public ones, and never connects', async () => {
    const port = receiver.port
    const { resolve, calls } = scriptedResolver({
      'internal.example.com': [['10.0.0.5']],
      'sneaky.example.com': [['127.0.0.1']],
      'mixed.example.com': [['1.1.1.1', '127.0.0.1']],
      'metadata.example.com': [['::ffff:169.254.169.254']],
    })
    const queued = []
    for (const host of [
      'internal.example.com',
      'sneaky.example.com',
      'mixed.example.com',
      'metadata.example.com',
    ])
      queued.push(await queueTest(server, `https://${host}:${port}/hook`))
    const gone = await queueTest(server, `https://gone.example.com:${port}/hook`)
    await deliverer(server, resolve, true, APP_SECRET).deliverDue(new Date())
    for (const { log } of queued)
      expect(await log()).toMatchObject({
        status: 'pending',
        attempts: 1,
        lastError: 'destination-refused',
        lastStatusCode: null,
      })
    expect(await gone.log()).toMatchObject({ lastError: 'unresolvable' })
    expect(calls.sort()).toEqual([
      'gone.example.com',
      'internal.example.com',
      'metadata.example.com',
      'mixed.example.com',
      'sneaky.example.com',
    ])
    expect(receiver.received).toEqual([])
  })
})

describe('outside production', () => {
  let server: TestServer
  let receiver: Awaited<ReturnType<typeof startReceiver>>
  beforeAll(async () => {
    server = await startTestServer()
    receiver = await startReceiver('127.0.0.1')
  })
  afterAll(async () => {
    await receiver?.close()
    await server?.close()
  })

  it('resolves a name once and connects to the address it checked, whatever the name answers next', async () => {
    // First answer: the receiver's address; every later one: 127.0.0.2, where nothing listens.
    const { resolve, calls } = scriptedResolver({ 'rebind.test': [['127.0.0.1'], ['127.0.0.2']] })
    const { eventId, log } = await queueTest(server, `http://rebind.test:${receiver.port}/hook`)
    await deliverer(server, resolve, false).deliverDue(new Date())
    expect(calls).toEqual(['rebind.test'])
    const got = receiver.received.filter((request) => request.headers['x-proxy-event-id'] === eventId)
    expect(got).toHaveLength(1)
    // The name stays the request's: the Host header is the URL's, not the address dialled.
    expect(got[0]?.headers.host).toBe(`rebind.test:${receiver.port}`)
    expect(await log()).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 200 })
  })

  it('refuses plain http to a name that resolves off loopback', async () => {
    const { resolve } = scriptedResolver({ 'lan.test': [['192.168.7.7']] })
    const { log } = await queueTest(server, `http://lan.test:${receiver.port}/hook`)
    await deliverer(server, resolve, false).deliverDue(new Date())
    expect(await log()).toMatchObject({ status: 'pending', lastError: 'destination-refused' })
  })
})
