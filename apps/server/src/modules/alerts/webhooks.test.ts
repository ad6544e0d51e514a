// Webhook endpoints and their deliveries, against a receiver on loopback, with the job driven by the
// clock the test hands in: signed events, retries after 5xx with exponential backoff, nothing after a
// 2xx, given up after 24 hours; the secret shown once and resettable; another customer's ids → 404.
// Every address here is an IP literal: nothing is resolved through real DNS.

import {
  type CreatedWebhook,
  WEBHOOKS_MAX,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
} from '@proxy/contract/alerts/webhooks'
import { errorCatalogue } from '@proxy/contract/errors'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { startReceiver, verifyWebhook } from '../../../test/webhook-receiver.ts'
import { retryDelayMs } from './deliveries.service.ts'

let server: TestServer
let receiver: Awaited<ReturnType<typeof startReceiver>>
beforeAll(async () => {
  server = await startTestServer()
  receiver = await startReceiver()
})
afterAll(async () => {
  await receiver?.close()
  await server?.close()
})

const DAY_MS = 24 * 3600_000

async function endpointFor(token: string, url = receiver.url()) {
  const answer = await server.call<CreatedWebhook>('POST', '/api/user/webhooks', { token, body: { url } })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.data
}
const sendTest = async (token: string, id: string) => {
  const answer = await server.call<WebhookDelivery>('POST', `/api/user/webhooks/${id}/test`, { token })
  expect(answer.status).toBe(200)
  return answer.body.data
}
const deliveriesOf = async (token: string, id: string) =>
  (
    await server.call<{ items: WebhookDelivery[]; total: number }>(
      'GET',
      `/api/user/webhooks/${id}/deliveries`,
      {
        token,
      },
    )
  ).body.data
/** The requests the receiver got for one event. */
const requestsFor = (eventId: string) =>
  receiver.received.filter((request) => request.headers['x-proxy-event-id'] === eventId)

describe('webhook endpoints', () => {
  it('show the secret once, list without it, change, reset the secret and delete', async () => {
    const { token } = await server.newCustomer()
    const { endpoint, secret } = await endpointFor(token, 'https://127.0.0.1:9/hooks?source=proxy')
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/)
    expect(endpoint).toMatchObject({
      url: 'https://127.0.0.1:9/hooks?source=proxy',
      enabled: true,
      description: '',
    })
    expect(secret.startsWith(endpoint.secretPrefix)).toBe(true)
    const listed = await server.call<{ items: WebhookEndpoint[]; max: number }>('GET', '/api/user/webhooks', {
      token,
    })
    expect(listed.body.data).toEqual({ items: [endpoint], max: WEBHOOKS_MAX })
    expect(JSON.stringify(listed.body)).not.toContain(secret)

    const changed = await server.call<WebhookEndpoint>('PATCH', `/api/user/webhooks/${endpoint.id}`, {
      token,
      body: { description: 'billing bot', enabled: false },
    })
    expect(changed.body.data).toMatchObject({ description: 'billing bot', enabled: false })
    const reset = await server.call<{ secret: string }>(
      'POST',
      `/api/user/webhooks/${endpoint.id}/reset-secret`,
      {
        token,
      },
    )
    expect(reset.status).toBe(200)
    expect(reset.body.data.secret).not.toBe(secret)
    const after = await server.call<{ items: WebhookEndpoint[] }>('GET', '/api/user/webhooks', { token })
    expect(after.body.data.items[0]?.secretPrefix).toBe(reset.body.data.secret.slice(0, 10))

    await sendTest(token, endpoint.id)
    expect((await server.call('DELETE', `/api/user/webhooks/${endpoint.id}`, { token })).status).toBe(200)
    expect((await server.call('GET', `/api/user/webhooks/${endpoint.id}/deliveries`, { token })).status).toBe(
      404,
    )
  })

  it('refuse addresses that are not http(s) URLs, carry credentials, or use http off loopback', async () => {
    const { token } = await server.newCustomer()
    for (const url of [
      'ftp://127.0.0.1/x',
      'not a url',
      'https://user:pass@127.0.0.1/',
      `https://a.b/${'x'.repeat(2048)}`,
    ]) {
      const answer = await server.call('POST', '/api/user/webhooks', { token, body: { url } })
      expect(answer.status, url).toBe(400)
    }
    const offLoopback = await server.call('POST', '/api/user/webhooks', {
      token,
      body: { url: 'http://10.0.0.1/x' },
    })
    expect(offLoopback.status).toBe(422)
    expect(offLoopback.body.code).toBe(errorCatalogue.WEBHOOK_DESTINATION_REFUSED.code)
    for (let n = 0; n < WEBHOOKS_MAX; n++) await endpointFor(token, `https://127.0.0.1:9/${n}`)
    const full = await server.call('POST', '/api/user/webhooks', {
      token,
      body: { url: 'https://127.0.0.1:9/' },
    })
    expect(full.status).toBe(422)
    expect(full.body.code).toBe(errorCatalogue.WEBHOOKS_FULL.code)
  })

  it("answer 404 for another customer's endpoint on every route that takes its id", async () => {
    const owner = await server.newCustomer()
    const other = await server.newCustomer()
    const { endpoint } = await endpointFor(owner.token, 'https://127.0.0.1:9/owner')
    const calls: [string, string, unknown?][] = [
      ['PATCH', `/api/user/webhooks/${endpoint.id}`, { enabled: false }],
      ['DELETE', `/api/user/webhooks/${endpoint.id}`],
      ['POST', `/api/user/webhooks/${endpoint.id}/reset-secret`],
      ['POST', `/api/user/webhooks/${endpoint.id}/test`],
      ['GET', `/api/user/webhooks/${endpoint.id}/deliveries`],
    ]
    for (const [method, path, body] of calls) {
      const answer = await server.call(method, path, { token: other.token, body })
      expect(answer.status, `${method} ${path}`).toBe(404)
      expect(answer.body.code).toBe(errorCatalogue.NOT_FOUND.code)
    }
    const listed = await server.call<{ items: WebhookEndpoint[] }>('GET', '/api/user/webhooks', {
      token: owner.token,
    })
    expect(listed.body.data.items).toEqual([endpoint])
    expect((await deliveriesOf(owner.token, endpoint.id)).total).toBe(0)
  })
})

describe('webhook deliveries', () => {
  it('are signed, carry the event id, and are not sent again after a 2xx', async () => {
    const { token } = await server.newCustomer()
    const { endpoint, secret } = await endpointFor(token)
    receiver.answer([204])
    const queued = await sendTest(token, endpoint.id)
    expect(queued).toMatchObject({ status: 'pending', attempts: 0, eventType: 'webhook.test' })
    const now = new Date()
    await server.app.alerts.deliverDue(now)
    const [request] = requestsFor(queued.eventId)
    expect(request?.path).toBe('/hook')
    expect(request?.headers).toMatchObject({
      'content-type': 'application/json',
      'x-proxy-event-type': 'webhook.test',
      'user-agent': expect.stringMatching(/^CloudHub-Proxy-Webhooks\//),
    })
    const signature = String(request?.headers['x-proxy-signature'])
    expect(signature).toMatch(new RegExp(`^t=${Math.floor(now.getTime() / 1000)},v1=[0-9a-f]{64}$`))
    expect(verifyWebhook(secret, request?.body ?? '', signature, 300, now.getTime())).toBe(true)
    expect(verifyWebhook(secret, `${request?.body} `, signature, 300, now.getTime())).toBe(false)
    expect(verifyWebhook(secret, request?.body ?? '', signature, 300, now.getTime() + 301_000)).toBe(false)
    const event = JSON.parse(request?.body ?? '{}') as WebhookEvent
    expect(event).toMatchObject({
      id: queued.eventId,
      type: 'webhook.test',
      version: 1,
      data: { endpoint_id: endpoint.id },
    })

    const [logged] = (await deliveriesOf(token, endpoint.id)).items
    expect(logged).toMatchObject({
      status: 'delivered',
      attempts: 1,
      lastStatusCode: 204,
      lastError: null,
      nextAttemptAt: null,
    })
    for (const later of [1, 60, 3600, DAY_MS / 1000])
      await server.app.alerts.deliverDue(new Date(now.getTime() + later * 1000))
    expect(requestsFor(queued.eventId)).toHaveLength(1)
  })

  it('are retried after 5xx with exponential backoff, the same body and event id each time', async () => {
    const { token } = await server.newCustomer()
    const { endpoint, secret } = await endpointFor(token)
    receiver.answer([500, 500, 503, 200])
    const queued = await sendTest(token, endpoint.id)
    const start = new Date()
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000)
    await server.app.alerts.deliverDue(start)
    let [logged] = (await deliveriesOf(token, endpoint.id)).items
    expect(logged).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastStatusCode: 500,
      lastError: 'http-status',
    })
    expect(logged?.nextAttemptAt).toBe(at(30).toISOString())

    await server.app.alerts.deliverDue(at(29))
    expect(requestsFor(queued.eventId)).toHaveLength(1)
    await server.app.alerts.deliverDue(at(30))
    expect(requestsFor(queued.eventId)).toHaveLength(2)
    ;[logged] = (await deliveriesOf(token, endpoint.id)).items
    expect(logged?.nextAttemptAt).toBe(at(90).toISOString())
    await server.app.alerts.deliverDue(at(90))
    ;[logged] = (await deliveriesOf(token, endpoint.id)).items
    expect(logged).toMatchObject({ attempts: 3, lastStatusCode: 503, nextAttemptAt: at(210).toISOString() })
    await server.app.alerts.deliverDue(at(210))
    ;[logged] = (await deliveriesOf(token, endpoint.id)).items
    expect(logged).toMatchObject({
      status: 'delivered',
      attempts: 4,
      lastStatusCode: 200,
      deliveredAt: at(210).toISOString(),
    })
    await server.app.alerts.deliverDue(at(DAY_MS / 1000))

    const requests = requestsFor(queued.eventId)
    expect(requests).toHaveLength(4)
    expect(new Set(requests.map((request) => request.body)).size).toBe(1)
    requests.forEach((request, n) => {
      const when = at([0, 30, 90, 210][n] as number).getTime()
      expect(
        verifyWebhook(secret, request.body, String(request.headers['x-proxy-signature']), 300, when),
      ).toBe(true)
    })
  })

  it('are given up 24 hours after the event, and signed with a reset secret from then on', async () => {
    const { token } = await server.newCustomer()
    const { endpoint } = await endpointFor(token)
    receiver.answer([500])
    const queued = await sendTest(token, endpoint.id)
    const created = new Date(queued.createdAt).getTime()
    const reset = await server.call<{ secret: string }>(
      'POST',
      `/api/user/webhooks/${endpoint.id}/reset-secret`,
      {
        token,
      },
    )
    // The attempts the schedule allows: each wait after the n-th failure, while still within 24 hours.
    const expected: number[] = [created]
    while (expected.length < 100) {
      const next = (expected.at(-1) as number) + retryDelayMs(expected.length)
      if (next > created + DAY_MS) break
      expected.push(next)
    }
    let now = new Date(created)
    for (;;) {
      await server.app.alerts.deliverDue(now)
      const [logged] = (await deliveriesOf(token, endpoint.id)).items
      if (!logged?.nextAttemptAt) break
      now = new Date(logged.nextAttemptAt)
    }
    const [logged] = (await deliveriesOf(token, endpoint.id)).items
    expect(logged).toMatchObject({ status: 'failed', attempts: expected.length, nextAttemptAt: null })
    expect(expected.length).toBeGreaterThan(10)
    expect(new Date(logged?.lastAttemptAt ?? 0).getTime()).toBe(expected.at(-1))
    await server.app.alerts.deliverDue(new Date(created + 2 * DAY_MS))
    const requests = requestsFor(queued.eventId)
    expect(requests).toHaveLength(expected.length)
    const last = requests.at(-1)
    expect(
      verifyWebhook(
        reset.body.data.secret,
        last?.body ?? '',
        String(last?.headers['x-proxy-signature']),
        300,
        expected.at(-1),
      ),
    ).toBe(true)
  })

  it('hold alert events while an endpoint is off, but send a test event asked for by name', async () => {
    const owner = await server.newCustomer()
    const { endpoint } = await endpointFor(owner.token)
    receiver.answer([200])
    const rule = await server.call('POST', '/api/user/alerts', {
      token: owner.token,
      body: {
        name: 'empty wallet',
        condition: { kind: 'wallet-below', amount: 1 },
        channels: { email: false, webhook: true },
      },
    })
    expect(rule.status).toBe(200)
    expect(await server.app.alerts.evaluate(new Date())).toBe(1)
    const [alert] = (await deliveriesOf(owner.token, endpoint.id)).items
    expect(alert).toMatchObject({ eventType: 'alert.triggered', status: 'pending' })
    await server.call('PATCH', `/api/user/webhooks/${endpoint.id}`, {
      token: owner.token,
      body: { enabled: false },
    })

    const test = await sendTest(owner.token, endpoint.id)
    await server.app.alerts.deliverDue(new Date())
    expect(requestsFor(test.eventId)).toHaveLength(1)
    expect(requestsFor(alert?.eventId ?? '')).toHaveLength(0)

    await server.call('PATCH', `/api/user/webhooks/${endpoint.id}`, {
      token: owner.token,
      body: { enabled: true },
    })
    await server.app.alerts.deliverDue(new Date())
    const [delivered] = requestsFor(alert?.eventId ?? '')
    expect(JSON.parse(delivered?.body ?? '{}')).toMatchObject({ type: 'alert.triggered', data: { value: 0 } })
    const log = await deliveriesOf(owner.token, endpoint.id)
    expect(log.items.map((item) => item.status)).toEqual(['delivered', 'delivered'])
  })
})
