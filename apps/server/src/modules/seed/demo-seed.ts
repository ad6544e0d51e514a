// A demo customer with some money, so a fresh `npm start` has something to sign in with.
import { randomBytes } from 'node:crypto'
import { type Db, inTransaction } from '../../platform/db/client.ts'
import { hasCustomers, hashPassword, insertCustomer } from '../auth/index.ts'
import { createWalletAccount, postLedgerTransaction, systemAccountId } from '../ledger/index.ts'

export const DEMO_EMAIL = 'demo@example.com'
export const DEMO_CREDIT_CENTS = 100_00

/** Seeds only an empty database; answers the credentials, which exist nowhere else in clear. */
export async function seedDemoCustomer(db: Db): Promise<{ email: string; password: string } | null> {
  if (await hasCustomers(db)) return null
  const password = randomBytes(9).toString('base64url')
  const passwordHash = await hashPassword(password)
  return inTransaction(db, async (tx) => {
    // example.com receives no mail: the demo account starts verified, so no banner asks for a link that never comes.
    const userId = await insertCustomer(tx, {
      email: DEMO_EMAIL,
      name: 'Demo',
      passwordHash,
      emailVerifiedAt: new Date(),
    })
    if (!userId) return null // another replica seeded first
    const walletId = await createWalletAccount(tx, userId)
    await postLedgerTransaction(tx, {
      kind: 'adjustment',
      about: { key: 'demo-credit', params: {} },
      entries: [
        { accountId: await systemAccountId(tx, 'adjustments'), amount: -DEMO_CREDIT_CENTS },
        { accountId: walletId, amount: DEMO_CREDIT_CENTS },
      ],
    })
    return { email: DEMO_EMAIL, password }
  })
}
