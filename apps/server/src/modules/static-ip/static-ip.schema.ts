// Static-IP catalogue, address inventory and the instances customers hold.
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

export const regions = pgTable('regions', {
  id: text('id').primaryKey(),
  countryCode: text('country_code').notNull(),
  country: text('country').notNull(),
  city: text('city').notNull(),
  countryEn: text('country_en').notNull(),
  cityEn: text('city_en').notNull(),
  ispType: text('isp_type', { enum: ['datacenter', 'isp', 'residential'] }).notNull(),
  protocols: text('protocols').array().notNull(),
  pricePer30Days: bigint('price_per_30_days', { mode: 'number' }).notNull(),
  isActive: boolean('is_active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
})

/** Percent off a term's list price, per term; the operator edits it (seeded by migration 0016). */
export const durationDiscounts = pgTable('duration_discounts', {
  durationDays: integer('duration_days').primaryKey(),
  percent: integer('percent').notNull(),
})

/** `pool`: an exit address of the node's rotating pool (traffic accounts), never sold as a static IP. */
export const INVENTORY_STATUSES = ['available', 'allocated', 'cooling', 'retired', 'pool'] as const

export const ipInventory = pgTable(
  'ip_inventory',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    regionId: text('region_id')
      .notNull()
      .references(() => regions.id),
    ip: text('ip').notNull(),
    port: integer('port').notNull(),
    /** The proxy node that serves this address. */
    node: text('node').notNull(),
    status: text('status', { enum: INVENTORY_STATUSES }).notNull().default('available'),
    coolingUntil: timestamp('cooling_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ip_inventory_ip_port_key').on(table.ip, table.port),
    index('ip_inventory_region_available_idx').on(table.regionId).where(sql`status = 'available'`),
    index('ip_inventory_node_idx').on(table.node),
  ],
)

export const INSTANCE_STATUSES = ['active', 'expired', 'released'] as const

/**
 * Characters the search key turns into an `x` (see `searchKey`): the trigger of migration 0017
 * spells the same list.
 */
export const SEARCH_SEPARATORS = '.:-_/@ '

export const proxyInstances = pgTable(
  'proxy_instances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    inventoryId: uuid('inventory_id')
      .notNull()
      .references(() => ipInventory.id),
    orderNo: text('order_no').notNull(),
    lineInstanceName: text('line_instance_name').notNull(),
    protocol: text('protocol', { enum: ['socks5', 'vmess'] }).notNull(),
    username: text('username').notNull(),
    password: text('password').notNull(),
    uuid: uuid('uuid').notNull(),
    status: text('status', { enum: INSTANCE_STATUSES }).notNull().default('active'),
    autoRenew: boolean('auto_renew').notNull().default(false),
    remark: text('remark').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /** Last auto-renew attempt: claims the row for one replica and spaces out retries after a failure. */
    autoRenewCheckedAt: timestamp('auto_renew_checked_at', { withTimezone: true }),
    /** When the customer was told this IP expires soon; a renewal moves expiry past it, re-arming it. */
    expiryRemindedAt: timestamp('expiry_reminded_at', { withTimezone: true }),
    /**
     * What the list's keyword search reads, lower-cased: the address, the line name and the remark,
     * one per line (a keyword holds no line break, so no match spans two of them). Kept by a trigger
     * (migration 0017) from the address the instance holds: writers never set it.
     */
    searchText: text('search_text').notNull().default(''),
    /**
     * `searchText` with SEARCH_SEPARATORS turned into `x`, for the trigram index: "10.1.2" is then
     * one word of selective trigrams ("10x", "0x1"…) instead of the words "10", "1" and "2", which
     * nearly every address holds. Kept by the same trigger.
     */
    searchKey: text('search_key').notNull().default(''),
  },
  (table) => [
    // An address is held by at most one instance until that instance releases it.
    uniqueIndex('proxy_instances_active_inventory_key')
      .on(table.inventoryId)
      .where(sql`status <> 'released'`),
    // Match the list's ORDER BY, id included (read backwards for newest first): a bulk purchase
    // gives many rows one created_at.
    index('proxy_instances_user_created_idx').on(table.userId, table.createdAt, table.id),
    index('proxy_instances_user_expires_idx').on(table.userId, table.expiresAt, table.id),
    index('proxy_instances_expiry_idx').on(table.expiresAt).where(sql`status <> 'released'`),
    // Keyword search (pg_trgm and btree_gin, both engines): the customer and the trigrams in one
    // index, so another customer's matches are never read. No pending list (fastupdate): a search
    // right after a bulk purchase reads the index as it is, not a list of entries the planner
    // shuns until the next vacuum.
    index('proxy_instances_search_trgm_idx')
      .using('gin', table.userId, table.searchKey.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
  ],
)

/**
 * How many instances each customer holds per status, as rows of signed deltas that triggers append
 * on every insert, update and delete of proxy_instances (migration 0017): the list's total is a
 * sum over a handful of rows instead of a count over every instance. Readers fold a customer's rows
 * into one per status once they pile up (`compactTallies`); writers never lock a row here.
 */
export const proxyInstanceTallies = pgTable(
  'proxy_instance_tallies',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id').notNull(),
    status: text('status', { enum: INSTANCE_STATUSES }).notNull(),
    instances: bigint('instances', { mode: 'number' }).notNull(),
  },
  (table) => [index('proxy_instance_tallies_user_idx').on(table.userId, table.status)],
)

/**
 * Free address replacements: the instance keeps its id, expiry and credentials and moves to a new
 * address in its region; the old address goes to cooling. One row each, for the order's history and
 * the once-per-period limit.
 */
export const ipReplacements = pgTable(
  'ip_replacements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => proxyInstances.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The order that bought the instance: its history shows the replacement. */
    orderNo: text('order_no').notNull(),
    oldInventoryId: uuid('old_inventory_id')
      .notNull()
      .references(() => ipInventory.id),
    newInventoryId: uuid('new_inventory_id')
      .notNull()
      .references(() => ipInventory.id),
    oldIp: text('old_ip').notNull(),
    newIp: text('new_ip').notNull(),
    reason: text('reason', { enum: ['blocked', 'slow', 'other'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ip_replacements_instance_created_idx').on(table.instanceId, table.createdAt),
    index('ip_replacements_order_idx').on(table.orderNo),
  ],
)
