// Webhook signing secrets across an APP_SECRET rotation: sealed under the old secret, they still sign
// after the restart with APP_SECRET_PREVIOUS, are sealed anew where a delivery reads them, and
// `secrets:reseal` converts the rest at once.
import type { CreatedWebhook, WebhookDelivery } from '@proxy/contract/alerts/webhooks'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { restartTestServer, startTestServer, type TestServer } from '../../../test/test-server.ts'
import { startReceiver, verifyWebhook } from '../../../test/webhook-receiver.ts'
import { DEV_APP_SECRET } from '../../platform/config.ts'
import { createSealer, sealerFor } from '../auth/index.ts'
import { webhookEndpoints } from './alerts.schema.ts'
import { resealWebhookSecrets } from './index.ts'

const NEW = 'the-new-app-secret-after-the-rotation-0123'
const rotated = { APP_SECRET: NEW, APP_SECRET_PREVIOUS: DEV_APP_SECRET }

let server: TestServer
let receiver: Awaited<ReturnType<typeof startReceiver>>
afterAll(async () => {
  await receiver?.close()
  await server?.close()
})

const sealedOf = async (id: string) =>
  (await server.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0]?.secretSealed ?? ''

describe('webhook secrets and APP_SECRET', () => {
  it('sign after a rotation, and are sealed anew when read or by secrets:reseal', async () => {
    server = await startTestServer()
    receiver = await startReceiver()
    const { token } = await server.newCustomer()
    const add = async () =>
      (
        await server.call<CreatedWebhook>('POST', '/api/user/webhooks', {
          token,
          body: { url: receiver.url() },
        })
      ).body.data
    const read = await add()
    const rest = await add()
    expect(createSealer(NEW).open('webhook-secret', await sealedOf(read.endpoint.id))).toBeNull()

    server = await restartTestServer(server, rotated)
    const queued = await server.call<WebhookDelivery>('POST', `/api/user/webhooks/${read.endpoint.id}/test`, {
      token,
    })
    const now = new Date()
    await server.app.alerts.deliverDue(now)
    const [request] = receiver.received.filter(
      (got) => got.headers['x-proxy-event-id'] === queued.body.data.eventId,
    )
    expect(
      verifyWebhook(
        read.secret,
        request?.body ?? '',
        String(request?.headers['x-proxy-signature']),
        300,
        now.getTime(),
      ),
    ).toBe(true)
    expect(createSealer(NEW).open('webhook-secret', await sealedOf(read.endpoint.id))).toBe(read.secret)

    const sealer = sealerFor(rotated)
    expect(await resealWebhookSecrets(server.db, sealer)).toMatchObject({
      resealed: 1,
      alreadyCurrent: 1,
      unreadable: [],
    })
    expect(createSealer(NEW).open('webhook-secret', await sealedOf(rest.endpoint.id))).toBe(rest.secret)
    expect(await resealWebhookSecrets(server.db, sealer)).toMatchObject({ resealed: 0, alreadyCurrent: 2 })
  })
})
