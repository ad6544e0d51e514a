import { sql } from 'drizzle-orm'
import { bigint, index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.schema.ts'

export const TOPUP_STATUSES = ['pending', 'paid', 'closed', 'cancelled'] as const

export const topupOrders = pgTable(
  'topup_orders',
  {
    orderNo: text('order_no').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** What the wallet is credited, in US cents (the account currency). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** What the payment gateway charges, in fen, at `usdCnyRate` fixed when the order was created. */
    cnyAmount: bigint('cny_amount', { mode: 'number' }).notNull(),
    /** Yuan per dollar, as the operator set it when the order was created (e.g. '7.2000'). */
    usdCnyRate: numeric('usd_cny_rate', { precision: 10, scale: 4 }).notNull(),
    channel: text('channel', { enum: ['alipay', 'wxpay'] }).notNull(),
    status: text('status', { enum: TOPUP_STATUSES }).notNull().default('pending'),
    /** The gateway's own number for the payment; unique, so one payment never credits twice. */
    gatewayTradeNo: text('gateway_trade_no'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** When we last asked the gateway about this order (throttles polling and the close job). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('topup_orders_gateway_trade_no_key').on(table.gatewayTradeNo),
    index('topup_orders_user_created_idx').on(table.userId, table.createdAt),
    index('topup_orders_pending_expiry_idx').on(table.expiresAt).where(sql`status = 'pending'`),
  ],
)
