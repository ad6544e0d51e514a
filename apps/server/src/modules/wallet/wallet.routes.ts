import { getWallet } from '@proxy/contract/wallet/endpoints'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/client.ts'
import { mount } from '../../platform/route.ts'
import { createWalletReader } from '../ledger/index.ts'

export async function walletRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const readWallet = createWalletReader(db)
  mount(app, getWallet, async ({ auth }) => ({
    ...(await readWallet(auth.userId)),
    usdCnyRate: config.USD_CNY_RATE,
  }))
}
