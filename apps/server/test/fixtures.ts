// Setup shared by the test helpers (vitest's and the gateway's API fixture process): one test
// region's row, and a wallet credit as an operator's adjustment. Nothing here imports vitest.
import {
  postLedgerTransaction,
  systemAccountId,
  walletAccountId,
} from '../src/modules/ledger/ledger.service.ts'
import type { regions } from '../src/modules/static-ip/static-ip.schema.ts'
import { type Db, inTransaction } from '../src/platform/db/client.ts'

export const testRegion = (id: string, pricePer30Days = 25_00): typeof regions.$inferInsert => ({
  id,
  countryCode: 'US',
  country: '美国',
  city: '洛杉矶',
  countryEn: 'United States',
  cityEn: 'Los Angeles',
  ispType: 'datacenter',
  protocols: ['socks5', 'vmess'],
  pricePer30Days,
})

/** Credits a customer's wallet through a ledger adjustment. */
export async function creditWallet(db: Db, userId: string, cents: number) {
  await inTransaction(db, async (tx) =>
    postLedgerTransaction(tx, {
      kind: 'adjustment',
      description: 'test credit',
      entries: [
        { accountId: await systemAccountId(tx, 'adjustments'), amount: -cents },
        { accountId: await walletAccountId(tx, userId), amount: cents },
      ],
    }),
  )
}
