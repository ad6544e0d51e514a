import { getWallet } from '@proxy/contract/wallet/endpoints'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/client.ts'
import { mount } from '../../platform/route.ts'
import { walletOf } from '../ledger/index.ts'

// The balance comes with the session: the token lookup reads it in the same query (one round trip).
export async function walletRoutes(app: FastifyInstance, { config }: { db: Db; config: Config }) {
  mount(app, getWallet, async ({ auth }) => ({ ...walletOf(auth), usdCnyRate: config.USD_CNY_RATE }))
}
