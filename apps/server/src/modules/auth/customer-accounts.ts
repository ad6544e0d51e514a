// What other modules keep for each customer, handed to auth by app.ts: the ledger's tables name
// auth's users table (a foreign key), so auth imports no module and is given these instead.
import type { AnyColumn, SQL } from 'drizzle-orm'
import type { Tx } from '../../platform/db/client.ts'

export type CustomerAccounts = {
  /** Opens what a new customer needs (their wallet account), in the registration's transaction. */
  open: (tx: Tx, userId: string) => Promise<unknown>
  /** The customer's wallet balance in cents (null without one), as a column of the token lookup. */
  walletCentsOf: (userId: AnyColumn) => SQL<number | null>
}
