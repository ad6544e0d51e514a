import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { foreignColumn } from '../../platform/db/foreign-key.ts'
import { users } from '../auth/auth.schema.ts'

// The products call placePaidOrder, so orders imports none of their schemas: what it names of
// static-ip's tables it names by table and column.
const regionId = foreignColumn('regions', 'id', 'text')
const instanceId = foreignColumn('proxy_instances', 'id', 'uuid')

/** Orders paid from the wallet. Each has exactly one ledger transaction with its number as reference. */
export const orders = pgTable(
  'orders',
  {
    orderNo: text('order_no').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['new', 'renewal', 'traffic'] }).notNull(),
    status: text('status', { enum: ['paid'] })
      .notNull()
      .default('paid'),
    regionId: text('region_id').references(regionId),
    quantity: integer('quantity').notNull(),
    durationDays: integer('duration_days').notNull(),
    protocol: text('protocol', { enum: ['socks5', 'vmess'] }),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    discountPercent: integer('discount_percent').notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('orders_user_created_idx').on(table.userId, table.createdAt)],
)

export const orderInstances = pgTable(
  'order_instances',
  {
    orderNo: text('order_no')
      .notNull()
      .references(() => orders.orderNo),
    instanceId: uuid('instance_id').notNull().references(instanceId),
  },
  (table) => [
    primaryKey({ columns: [table.orderNo, table.instanceId] }),
    index('order_instances_instance_idx').on(table.instanceId),
  ],
)
