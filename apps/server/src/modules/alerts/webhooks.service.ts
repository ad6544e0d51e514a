// A customer's webhook endpoints: add (at most WEBHOOKS_MAX; the secret shown once), change, turn off,
// delete, reset the secret, queue a test event, and read the delivery log. Addresses are judged when
// saved as far as they can be without resolving them; destination.ts judges them again at each attempt.
import {
  type CreatedWebhook,
  type CreateWebhookInput,
  type UpdateWebhookInput,
  WEBHOOKS_MAX,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@proxy/contract/alerts/webhooks'
import type { PageQuery } from '@proxy/contract/pagination'
import { and, asc, count, desc, eq, sql } from 'drizzle-orm'
import { type Db, inTransaction } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import type { Sealer } from '../auth/index.ts'
import { webhookDeliveries, webhookEndpoints } from './alerts.schema.ts'
import { isAcceptableUrl } from './destination.ts'
import { newEvent, newWebhookSecret, queueDeliveries, secretPrefixOf } from './webhook-events.ts'

export type WebhookDeps = { db: Db; sealer: Sealer; isProduction: boolean }

type EndpointRow = typeof webhookEndpoints.$inferSelect
type DeliveryRow = typeof webhookDeliveries.$inferSelect

const toEndpoint = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  enabled: row.isEnabled,
  secretPrefix: row.secretPrefix,
  secretCreatedAt: row.secretCreatedAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
})

export const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  eventId: row.eventId,
  eventType: row.eventType as WebhookDelivery['eventType'],
  status: row.status,
  attempts: row.attempts,
  lastStatusCode: row.lastStatusCode,
  lastError: row.lastError as WebhookDelivery['lastError'],
  lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
  nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
})

function checkUrl(url: string, isProduction: boolean) {
  if (!isAcceptableUrl(url, isProduction)) throw new AppError('WEBHOOK_DESTINATION_REFUSED')
}

const owned = (userId: string, id: string) =>
  and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId))

/** The endpoint if it is this customer's; 404 for another's, exactly like an unknown one. */
async function ownEndpoint(db: Db, userId: string, id: string): Promise<EndpointRow> {
  const [row] = await db.select().from(webhookEndpoints).where(owned(userId, id))
  if (!row) throw new AppError('NOT_FOUND')
  return row
}

export async function listWebhooks(db: Db, userId: string): Promise<WebhookEndpoint[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id))
  return rows.map(toEndpoint)
}

export async function createWebhook(
  { db, sealer, isProduction }: WebhookDeps,
  userId: string,
  input: CreateWebhookInput,
): Promise<CreatedWebhook> {
  checkUrl(input.url, isProduction)
  const secret = newWebhookSecret()
  const row = await inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('webhook_endpoints'), hashtext(${userId}))`)
    const [{ value } = { value: 0 }] = await tx
      .select({ value: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.userId, userId))
    if (value >= WEBHOOKS_MAX) throw new AppError('WEBHOOKS_FULL', { max: WEBHOOKS_MAX })
    const [inserted] = await tx
      .insert(webhookEndpoints)
      .values({
        userId,
        url: input.url,
        description: input.description ?? '',
        isEnabled: input.enabled ?? true,
        secretSealed: sealer.seal('webhook-secret', secret),
        secretPrefix: secretPrefixOf(secret),
      })
      .returning()
    return inserted
  })
  if (!row) throw new Error('webhook endpoint not inserted')
  return { endpoint: toEndpoint(row), secret }
}

export async function updateWebhook(
  { db, isProduction }: WebhookDeps,
  userId: string,
  id: string,
  input: UpdateWebhookInput,
): Promise<WebhookEndpoint> {
  if (input.url !== undefined) checkUrl(input.url, isProduction)
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      ...(input.url !== undefined && { url: input.url }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.enabled !== undefined && { isEnabled: input.enabled }),
    })
    .where(owned(userId, id))
    .returning()
  if (!row) throw new AppError('NOT_FOUND')
  return toEndpoint(row)
}

export async function deleteWebhook(db: Db, userId: string, id: string): Promise<void> {
  const removed = await db
    .delete(webhookEndpoints)
    .where(owned(userId, id))
    .returning({ id: webhookEndpoints.id })
  if (removed.length === 0) throw new AppError('NOT_FOUND')
}

/** A new secret at once: every attempt from now on, retries of older events included, is signed with it. */
export async function resetWebhookSecret({ db, sealer }: WebhookDeps, userId: string, id: string) {
  const secret = newWebhookSecret()
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      secretSealed: sealer.seal('webhook-secret', secret),
      secretPrefix: secretPrefixOf(secret),
      secretCreatedAt: sql`now()`,
    })
    .where(owned(userId, id))
    .returning({ id: webhookEndpoints.id })
  if (!row) throw new AppError('NOT_FOUND')
  return { secret }
}

/** Queues a webhook.test event to the endpoint (on or off: it was asked for by name). */
export async function queueTestEvent(db: Db, userId: string, id: string, now = new Date()) {
  const endpoint = await ownEndpoint(db, userId, id)
  const event = newEvent(
    'webhook.test',
    { endpoint_id: endpoint.id, message: 'A test event from the console: your endpoint is reachable.' },
    now,
  )
  const [row] = await inTransaction(db, (tx) =>
    queueDeliveries(tx, [{ endpointId: endpoint.id, event }], now),
  )
  if (!row) throw new Error('test delivery not queued')
  return toDelivery(row)
}

export async function listDeliveries(db: Db, userId: string, id: string, query: PageQuery) {
  await ownEndpoint(db, userId, id)
  const where = eq(webhookDeliveries.endpointId, id)
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(webhookDeliveries).where(where),
  ])
  return { items: rows.map(toDelivery), total: total?.value ?? 0, page: query.page, pageSize: query.pageSize }
}
