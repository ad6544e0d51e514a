// The delivery worker: claims due deliveries (a lease, so replicas never attempt one at once), signs
// and posts each to the address the destination check chose, and records the answer. A 2xx ends it;
// anything else is retried with exponential backoff (30 s doubling, at most 6 h apart) until 24 hours
// after the event, then it is given up. Receivers may see an event twice (a lost answer, a lease that
// ran out): they drop duplicates by its id.
import {
  WEBHOOK_HEADERS,
  WEBHOOK_RETRY_HOURS,
  WEBHOOK_TIMEOUT_SECONDS,
} from '@proxy/contract/alerts/webhooks'
import { and, eq, lt, ne, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../platform/db/client.ts'
import { rowsOf } from '../../platform/db/sql.ts'
import type { Sealer } from '../auth/index.ts'
import { webhookDeliveries, webhookEndpoints } from './alerts.schema.ts'
import { type Resolver, resolveDestination } from './destination.ts'
import { signatureOf } from './webhook-events.ts'
import { type Attempt, postWebhook } from './webhook-sender.ts'

const BATCH = 20
const CONCURRENCY = 5
const LEASE_MS = 2 * 60_000
const FIRST_RETRY_MS = 30_000
const MAX_RETRY_GAP_MS = 6 * 3600_000
const RETRY_WINDOW_MS = WEBHOOK_RETRY_HOURS * 3600_000
/** Finished deliveries are kept this long in the log. */
const LOG_DAYS = 30
const USER_AGENT = 'CloudHub-Proxy-Webhooks/1'

/** The wait after the n-th failed attempt: 30 s, 1 min, 2 min, … at most 6 h. */
export const retryDelayMs = (attempts: number) =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.max(attempts - 1, 0), MAX_RETRY_GAP_MS)

type Claimed = {
  id: string
  endpointId: string
  eventId: string
  eventType: string
  body: string
  attempts: number
  createdAt: Date
  url: string
  secretSealed: string
}

export type DelivererOptions = {
  db: Db
  sealer: Sealer
  log: FastifyBaseLogger
  isProduction: boolean
  resolve: Resolver
  timeoutMs?: number
}

export function createDeliverer({ db, sealer, log, isProduction, resolve, ...options }: DelivererOptions) {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_SECONDS * 1000

  async function claim(now: Date): Promise<Claimed[]> {
    const at = sql`${now.toISOString()}::timestamptz`
    const rows = rowsOf<Record<keyof Claimed, unknown>>(
      await db.execute(sql`
        update ${webhookDeliveries} as d set lease_until = ${at} + make_interval(secs => ${LEASE_MS / 1000})
        from ${webhookEndpoints} as e
        where e.id = d.endpoint_id and d.id in (
          select due.id from ${webhookDeliveries} as due
            join ${webhookEndpoints} as target on target.id = due.endpoint_id
          where due.status = 'pending' and due.next_attempt_at <= ${at}
            and (due.lease_until is null or due.lease_until <= ${at})
            and (target.is_enabled or due.event_type = 'webhook.test')
          order by due.next_attempt_at
          limit ${BATCH}
          for update of due skip locked)
        returning d.id, d.endpoint_id as "endpointId", d.event_id as "eventId", d.event_type as "eventType",
          d.body, d.attempts, d.created_at as "createdAt", e.url, e.secret_sealed as "secretSealed"`),
    )
    return rows.map((row) => ({ ...(row as Claimed), createdAt: new Date(row.createdAt as string) }))
  }

  /** The secret to sign with; sealed anew under APP_SECRET when the previous key opened it. */
  async function secretOf(delivery: Claimed): Promise<string | null> {
    const opened = sealer.openStored(
      'webhook-secret',
      delivery.secretSealed,
      `webhook:${delivery.endpointId}`,
    )
    if (opened?.resealed)
      await db
        .update(webhookEndpoints)
        .set({ secretSealed: opened.resealed })
        .where(
          and(
            eq(webhookEndpoints.id, delivery.endpointId),
            eq(webhookEndpoints.secretSealed, delivery.secretSealed),
          ),
        )
    return opened?.plain ?? null
  }

  async function attempt(delivery: Claimed, now: Date): Promise<Attempt> {
    const secret = await secretOf(delivery)
    if (secret === null) return { statusCode: null, error: 'secret-unreadable' }
    const url = new URL(delivery.url)
    const target = await resolveDestination(url, { isProduction, resolve })
    if (typeof target === 'string') return { statusCode: null, error: target }
    const headers = {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      [WEBHOOK_HEADERS.eventId]: delivery.eventId,
      [WEBHOOK_HEADERS.eventType]: delivery.eventType,
      [WEBHOOK_HEADERS.signature]: signatureOf(secret, delivery.body, now),
    }
    return postWebhook(url, target, headers, delivery.body, timeoutMs)
  }

  async function record(delivery: Claimed, result: Attempt, now: Date) {
    const attempts = delivery.attempts + 1
    const isDelivered = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300
    const next = new Date(now.getTime() + retryDelayMs(attempts))
    const isGivenUp = !isDelivered && next.getTime() > delivery.createdAt.getTime() + RETRY_WINDOW_MS
    await db
      .update(webhookDeliveries)
      .set({
        attempts,
        status: isDelivered ? 'delivered' : isGivenUp ? 'failed' : 'pending',
        lastStatusCode: result.statusCode,
        lastError: isDelivered ? null : (result.error ?? 'http-status'),
        lastAttemptAt: now,
        nextAttemptAt: isDelivered || isGivenUp ? null : next,
        deliveredAt: isDelivered ? now : null,
        leaseUntil: null,
      })
      // Delivered stays delivered, whatever a slower duplicate attempt saw.
      .where(and(eq(webhookDeliveries.id, delivery.id), ne(webhookDeliveries.status, 'delivered')))
    if (!isDelivered)
      log.info(
        {
          deliveryId: delivery.id,
          endpointId: delivery.endpointId,
          attempts,
          status: result.statusCode,
          error: result.error,
        },
        isGivenUp ? 'webhook delivery given up' : 'webhook delivery failed, will retry',
      )
  }

  async function deliverOne(delivery: Claimed, now: Date) {
    let result: Attempt
    try {
      result = await attempt(delivery, now)
    } catch (error) {
      log.error({ err: error, deliveryId: delivery.id }, 'webhook attempt failed')
      result = { statusCode: null, error: 'connection' }
    }
    await record(delivery, result, now)
  }

  /** Attempts every delivery due at `now` (a batch at a time); answers how many it attempted. */
  async function deliverDue(now = new Date()): Promise<number> {
    let attempted = 0
    for (;;) {
      const batch = await claim(now)
      for (let start = 0; start < batch.length; start += CONCURRENCY)
        await Promise.all(
          batch.slice(start, start + CONCURRENCY).map((delivery) => deliverOne(delivery, now)),
        )
      attempted += batch.length
      if (batch.length < BATCH) return attempted
    }
  }

  /** Drops finished deliveries older than LOG_DAYS from the log. */
  async function purge(now = new Date()) {
    const before = new Date(now.getTime() - LOG_DAYS * 24 * 3600_000)
    return db
      .delete(webhookDeliveries)
      .where(and(ne(webhookDeliveries.status, 'pending'), lt(webhookDeliveries.createdAt, before)))
  }

  return { deliverDue, purge }
}

export type Deliverer = ReturnType<typeof createDeliverer>
