import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

/** Payments taken by the built-in sandbox gateway (only mounted when no real gateway is set). */
export const sandboxTrades = pgTable(
  'sandbox_trades',
  {
    tradeNo: text('trade_no').primaryKey(),
    outTradeNo: text('out_trade_no').notNull(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    money: text('money').notNull(),
    notifyUrl: text('notify_url').notNull(),
    returnUrl: text('return_url').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'cancelled'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('sandbox_trades_out_trade_no_key').on(table.outTradeNo)],
)
