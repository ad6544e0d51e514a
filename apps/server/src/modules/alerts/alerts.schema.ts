// Alert rules, the customers' webhook endpoints, and the queue of webhook deliveries (one row per
// event and endpoint, retried until a 2xx answer or 24 hours).
import { DELIVERY_STATUSES } from '@proxy/contract/alerts/webhooks'
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.schema.ts'
import { subUsers } from '../sub-users/sub-users.schema.ts'

const at = (name: string) => timestamp(name, { withTimezone: true })

export const alertRules = pgTable(
  'alert_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    /** A kind of the contract's AlertCondition; its registry entry (conditions.ts) measures it. */
    kind: text('kind').notNull(),
    /** The condition's number in whole units: bytes, percent, cents or days. */
    threshold: bigint('threshold', { mode: 'number' }).notNull(),
    /** The one sub-user a sub-user-share rule watches (null: each of the customer's sub-users). */
    subUserId: uuid('sub_user_id').references(() => subUsers.id),
    notifyEmail: boolean('notify_email').notNull().default(false),
    notifyWebhook: boolean('notify_webhook').notNull().default(false),
    isEnabled: boolean('is_enabled').notNull().default(true),
    /** Fired and not cleared since: the rule fires again only after the condition stops holding. */
    isTriggered: boolean('is_triggered').notNull().default(false),
    /**
     * A rule on sub-users: the crossings it has told that still hold, one key per sub-user, limit and
     * period (so each sub-user, each new period and each changed limit is told once). is_triggered: any.
     */
    firedCrossings: text('fired_crossings').array().notNull().default(sql`'{}'::text[]`),
    lastFiredAt: at('last_fired_at'),
    /** What was measured at the last firing, in the threshold's units. */
    lastValue: bigint('last_value', { mode: 'number' }),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('alert_rules_user_idx').on(table.userId, table.createdAt),
    index('alert_rules_enabled_kind_idx').on(table.kind).where(sql`is_enabled`),
  ],
)

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    isEnabled: boolean('is_enabled').notNull().default(true),
    /** The signing secret sealed under APP_SECRET (HMAC needs it back, so it cannot be a hash). */
    secretSealed: text('secret_sealed').notNull(),
    secretPrefix: text('secret_prefix').notNull(),
    secretCreatedAt: at('secret_created_at').notNull().defaultNow(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('webhook_endpoints_user_idx').on(table.userId, table.createdAt)],
)

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The exact JSON body: every attempt sends the same bytes (only the signature's time changes). */
    body: text('body').notNull(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    lastAttemptAt: at('last_attempt_at'),
    nextAttemptAt: at('next_attempt_at'),
    /** A worker holds the row until then while it attempts it, so replicas never send it twice at once. */
    leaseUntil: at('lease_until'),
    deliveredAt: at('delivered_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('webhook_deliveries_endpoint_event_key').on(table.endpointId, table.eventId),
    index('webhook_deliveries_log_idx').on(table.endpointId, table.createdAt),
    index('webhook_deliveries_due_idx').on(table.nextAttemptAt).where(sql`status = 'pending'`),
    index('webhook_deliveries_created_idx').on(table.createdAt),
  ],
)
