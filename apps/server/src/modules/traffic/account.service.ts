// The one traffic account each customer uses. It is enabled exactly while an unexpired package has
// bytes left, so its status is derived, never stored out of step.
import { randomBytes } from 'node:crypto'
import { bytesToWire } from '@proxy/contract/bytes'
import type { TrafficAccount } from '@proxy/contract/traffic/endpoints'
import { eq } from 'drizzle-orm'
import type { Config } from '../../platform/config.ts'
import type { Db, Tx } from '../../platform/db/client.ts'
import { remainingBytes } from './packages.service.ts'
import { trafficAccounts } from './traffic.schema.ts'

const secret = (length: number) => randomBytes(length).toString('base64url').slice(0, length)

/** Every customer gets one traffic account, created the first time it is needed. */
export async function ensureAccount(db: Db | Tx, userId: string) {
  await db
    .insert(trafficAccounts)
    .values({
      userId,
      username: `t${secret(10)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '0')}`,
      password: secret(16),
    })
    .onConflictDoNothing({ target: trafficAccounts.userId })
  const [account] = await db.select().from(trafficAccounts).where(eq(trafficAccounts.userId, userId))
  if (!account) throw new Error('traffic account not created')
  return account
}

export function createTrafficAccounts(db: Db, config: Pick<Config, 'TRAFFIC_GATEWAY_HOST'>) {
  const endpoints = [
    { host: config.TRAFFIC_GATEWAY_HOST, port: 1080, protocol: 'socks5' as const },
    { host: config.TRAFFIC_GATEWAY_HOST, port: 8080, protocol: 'http' as const },
  ]
  async function view(userId: string): Promise<TrafficAccount> {
    const account = await ensureAccount(db, userId)
    const remaining = await remainingBytes(db, userId)
    return {
      username: account.username,
      password: account.password,
      status: remaining > 0n ? 'enabled' : 'disabled',
      remainingBytes: bytesToWire(remaining),
      endpoints,
    }
  }
  return {
    view,
    async resetPassword(userId: string) {
      await ensureAccount(db, userId)
      await db
        .update(trafficAccounts)
        .set({ password: secret(16) })
        .where(eq(trafficAccounts.userId, userId))
      return view(userId)
    },
  }
}
