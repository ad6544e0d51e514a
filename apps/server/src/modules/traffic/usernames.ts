// The traffic accounts' usernames, as other pool logins (sub-users) must not take one.
import { eq } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db/client.ts'
import { trafficAccounts } from './traffic.schema.ts'

/** Whether a traffic account logs in to the pool with this username. */
export async function isTrafficUsername(db: Db | Tx, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: trafficAccounts.userId })
    .from(trafficAccounts)
    .where(eq(trafficAccounts.username, username))
  return row !== undefined
}
