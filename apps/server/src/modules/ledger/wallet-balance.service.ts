// The wallet balance as the console reads it on every page: read with the session, in the token
// lookup's prepared statement (DESIGN §10), so the read costs no query of its own.
import { centsToAmount } from '@proxy/contract/money'
import { CURRENCY, type Wallet } from '@proxy/contract/wallet/endpoints'
import { type AnyColumn, getTableName, sql } from 'drizzle-orm'
import type { AuthContext } from '../../platform/auth-context.ts'
import { AppError } from '../../platform/errors.ts'
import { wallets } from './ledger.schema.ts'

/**
 * The balance in cents of the wallet of the customer in `userId` (null without one), as a column of
 * another query. The column is named with its table: drizzle leaves columns bare in a one-table
 * select, and a bare `user_id` here would be the wallet's own.
 */
export const walletCentsOf = (userId: AnyColumn) => {
  const owner = sql`${sql.identifier(getTableName(userId.table))}.${sql.identifier(userId.name)}`
  return sql<number | null>`(select w.balance from ${wallets} as w where w.user_id = ${owner})`.mapWith(
    Number,
  )
}

/** The wallet as GET /user/wallet answers it, from the balance the session lookup read (no query). */
export function walletOf(auth: Pick<AuthContext, 'walletCents'>): Pick<Wallet, 'wallet'> {
  if (auth.walletCents === null) throw new AppError('NOT_FOUND')
  return { wallet: { balance: centsToAmount(auth.walletCents), currency: CURRENCY } }
}
