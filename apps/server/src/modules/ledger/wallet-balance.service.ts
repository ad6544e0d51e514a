// The wallet balance as the console reads it on every page: one prepared statement.
import { centsToAmount } from '@proxy/contract/money'
import { CURRENCY, type Wallet } from '@proxy/contract/wallet/endpoints'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { wallets } from './ledger.schema.ts'

export function createWalletReader(db: Db) {
  // Read on every console page load: a prepared statement (DESIGN §10).
  const findBalance = db
    .select({ balance: wallets.balance })
    .from(wallets)
    .where(eq(wallets.userId, sql.placeholder('userId')))
    .prepare('find_wallet_balance')

  return async function readWallet(userId: string): Promise<Pick<Wallet, 'wallet'>> {
    const [row] = await findBalance.execute({ userId })
    if (!row) throw new AppError('NOT_FOUND')
    return { wallet: { balance: centsToAmount(row.balance), currency: CURRENCY } }
  }
}
