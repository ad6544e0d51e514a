// Events as receivers get them: a versioned JSON body built once and kept byte for byte in the
// delivery queue, signed at every attempt over "<timestamp>.<body>" with the endpoint's secret.
import { createHmac, randomBytes, randomUUID } from 'node:crypto'
import {
  WEBHOOK_EVENT_VERSION,
  type WebhookEvent,
  type WebhookEventType,
} from '@proxy/contract/alerts/webhooks'
import type { Tx } from '../../platform/db/client.ts'
import { webhookDeliveries } from './alerts.schema.ts'

export const SECRET_PREFIX = 'whsec_'

/** 32 random bytes: the receiver's key for checking signatures. */
export const newWebhookSecret = () => `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`

/** Enough of a secret to tell which one a receiver holds, too little to guess the rest. */
export const secretPrefixOf = (secret: string) => secret.slice(0, SECRET_PREFIX.length + 4)

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, the X-Proxy-Signature header. */
export function signatureOf(secret: string, body: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000)
  const digest = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')
  return `t=${timestamp},v1=${digest}`
}

export type QueuedEvent = { id: string; type: WebhookEventType; body: string }

export function newEvent(type: WebhookEventType, data: Record<string, unknown>, at: Date): QueuedEvent {
  const event: WebhookEvent = {
    id: randomUUID(),
    type,
    version: WEBHOOK_EVENT_VERSION,
    created_at: at.toISOString(),
    data,
  }
  return { id: event.id, type, body: JSON.stringify(event) }
}

/** Queues each event to each of its endpoints, due at once; an event already queued to an endpoint stays one. */
export async function queueDeliveries(
  tx: Tx,
  deliveries: { endpointId: string; event: QueuedEvent }[],
  at: Date,
) {
  if (deliveries.length === 0) return []
  return tx
    .insert(webhookDeliveries)
    .values(
      deliveries.map(({ endpointId, event }) => ({
        endpointId,
        eventId: event.id,
        eventType: event.type,
        body: event.body,
        nextAttemptAt: at,
        createdAt: at,
      })),
    )
    .onConflictDoNothing()
    .returning()
}
