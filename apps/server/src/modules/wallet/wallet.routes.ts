import { getWallet } from '@proxy/contract/wallet/endpoints'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../platform/db/client.ts'
import { mount } from '../../platform/route.ts'
import { createWalletReader } from '../ledger/index.ts'

export async function walletRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const readWallet = createWalletReader(db)
  mount(app, getWallet, ({ auth }) => readWallet(auth.userId))
}
