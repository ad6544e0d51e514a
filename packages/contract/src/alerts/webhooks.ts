// Webhook endpoints: HTTPS addresses that receive the customer's events as signed JSON POSTs,
// delivered at least once (retried with backoff for 24 hours), with a delivery log per endpoint.
import { z } from 'zod'
import { defineEndpoint } from '../endpoint.ts'
import { text } from '../input.ts'
import { PageQuery, pageOf } from '../pagination.ts'
import { IdParams } from '../user/endpoints.ts'
import { sendsOneOf } from './rules.ts'

const tags = ['alerts'] as const

export const WEBHOOKS_MAX = 5
export const WEBHOOK_URL_MAX_LENGTH = 2048
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 100
/** The `version` every event carries; a change of its shape gets a new one. */
export const WEBHOOK_EVENT_VERSION = 1
/** A delivery that has not had a 2xx answer this long after its event is given up. */
export const WEBHOOK_RETRY_HOURS = 24
/** Each attempt waits this long for an answer. */
export const WEBHOOK_TIMEOUT_SECONDS = 10
/** What receivers should accept between the signature's timestamp and their clock (README). */
export const WEBHOOK_TOLERANCE_SECONDS = 300

export const WEBHOOK_HEADERS = {
  /** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" under the endpoint's secret>` */
  signature: 'X-Proxy-Signature',
  /** The event's id: the same on every retry, for receivers to drop duplicates. */
  eventId: 'X-Proxy-Event-Id',
  eventType: 'X-Proxy-Event-Type',
} as const

export const WEBHOOK_EVENT_TYPES = ['alert.triggered', 'webhook.test'] as const
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]

/** The body of every POST (snake_case, as receivers in any language read it). */
export const WebhookEvent = z.object({
  id: z.uuid(),
  type: z.enum(WEBHOOK_EVENT_TYPES),
  version: z.literal(WEBHOOK_EVENT_VERSION),
  created_at: z.iso.datetime(),
  data: z.record(z.string(), z.unknown()),
})
export type WebhookEvent = z.infer<typeof WebhookEvent>

// An http(s) URL whose host is an IPv4 address or a name (its last label not a number, which URL
// parsers would read as an address), with an optional port, then anything printable. No user or
// password before the host: a credential has no place in an address shown in the console. Spelled as
// a pattern, so the OpenAPI document (and the API fuzz) say exactly what is taken.
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)'
const IPV4 = `${OCTET}(?:\\.${OCTET}){3}`
const NAME = '(?:[A-Za-z0-9-]+\\.)*[A-Za-z0-9-]*[A-Za-z][A-Za-z0-9-]*'
const PORT = '(?::(?:6553[0-5]|655[0-2]\\d|65[0-4]\\d{2}|6[0-4]\\d{3}|[1-5]\\d{4}|[1-9]\\d{0,3}))?'
export const WEBHOOK_URL_PATTERN = new RegExp(`^https?://(?:${IPV4}|${NAME})${PORT}(?:[/?#][!-~]*)?$`)

/**
 * Where a webhook goes. In production the server takes only https to a public address (a webhook is a
 * way into our network otherwise); elsewhere plain http to loopback too.
 */
export const WebhookUrl = text()
  .trim()
  .min(1)
  .max(WEBHOOK_URL_MAX_LENGTH)
  .regex(WEBHOOK_URL_PATTERN, {
    message: 'an http(s) address: https://host[:port]/path, no user or password',
  })
  .pipe(z.url({ protocol: /^https?$/ }))

const Description = text().trim().max(WEBHOOK_DESCRIPTION_MAX_LENGTH)

export const WebhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  /** The secret's first characters, to tell which one a receiver holds. */
  secretPrefix: z.string(),
  secretCreatedAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
})
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>

export const CreateWebhookInput = z.strictObject({
  url: WebhookUrl,
  description: Description.optional(),
  enabled: z.boolean().optional(),
})
export type CreateWebhookInput = z.infer<typeof CreateWebhookInput>

export const UpdateWebhookInput = z
  .strictObject({
    url: WebhookUrl.optional(),
    description: Description.optional(),
    enabled: z.boolean().optional(),
  })
  .refine(...sendsOneOf(['url', 'description', 'enabled']))
export type UpdateWebhookInput = z.infer<typeof UpdateWebhookInput>

/** The signing secret, shown in this answer only. */
export const WebhookSecret = z.object({ secret: z.string() })
export const CreatedWebhook = z.object({ endpoint: WebhookEndpoint, secret: z.string() })
export type CreatedWebhook = z.infer<typeof CreatedWebhook>

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const
/** Why the last attempt did not succeed (`http-status`: an answer other than 2xx, see lastStatusCode). */
export const DELIVERY_ERRORS = [
  'http-status',
  'timeout',
  'connection',
  'tls',
  'unresolvable',
  'destination-refused',
  'secret-unreadable',
] as const
export type DeliveryError = (typeof DELIVERY_ERRORS)[number]

export const WebhookDelivery = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.enum(WEBHOOK_EVENT_TYPES),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.enum(DELIVERY_ERRORS).nullable(),
  lastAttemptAt: z.iso.datetime().nullable(),
  /** When the next attempt is due; null once delivered or given up. */
  nextAttemptAt: z.iso.datetime().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
})
export type WebhookDelivery = z.infer<typeof WebhookDelivery>

export const listWebhooks = defineEndpoint({
  method: 'GET',
  scope: 'read',
  path: '/user/webhooks',
  summary: 'Your webhook endpoints (their secrets are never shown again)',
  tags,
  response: z.object({ items: z.array(WebhookEndpoint), max: z.number().int() }),
})

export const createWebhook = defineEndpoint({
  method: 'POST',
  scope: 'manage',
  path: '/user/webhooks',
  summary: `Add a webhook endpoint (at most ${WEBHOOKS_MAX}); its signing secret is shown once`,
  tags,
  body: CreateWebhookInput,
  response: CreatedWebhook,
})

export const updateWebhook = defineEndpoint({
  method: 'PATCH',
  scope: 'manage',
  path: '/user/webhooks/:id',
  summary: 'Change a webhook endpoint’s address or description, or turn it off and on',
  tags,
  params: IdParams,
  body: UpdateWebhookInput,
  response: WebhookEndpoint,
})

export const deleteWebhook = defineEndpoint({
  method: 'DELETE',
  scope: 'manage',
  path: '/user/webhooks/:id',
  summary: 'Delete a webhook endpoint with its delivery log; nothing more is sent to it',
  tags,
  params: IdParams,
  response: z.null(),
})

export const resetWebhookSecret = defineEndpoint({
  method: 'POST',
  scope: 'manage',
  path: '/user/webhooks/:id/reset-secret',
  summary: 'Replace the signing secret (shown once); every attempt from now on is signed with the new one',
  tags,
  params: IdParams,
  response: WebhookSecret,
})

export const sendWebhookTest = defineEndpoint({
  method: 'POST',
  scope: 'manage',
  path: '/user/webhooks/:id/test',
  summary: 'Queue a `webhook.test` event to this endpoint; follow it in the delivery log',
  tags,
  params: IdParams,
  response: WebhookDelivery,
})

export const listWebhookDeliveries = defineEndpoint({
  method: 'GET',
  scope: 'read',
  path: '/user/webhooks/:id/deliveries',
  summary: 'The delivery log of a webhook endpoint, newest first: status, attempts, last answer, next retry',
  tags,
  params: IdParams,
  query: PageQuery,
  response: pageOf(WebhookDelivery),
})
