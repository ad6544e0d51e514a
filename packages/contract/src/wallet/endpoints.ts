import { z } from 'zod'
import { defineEndpoint } from '../endpoint.ts'

export const CURRENCY = 'CNY'

export const Wallet = z.object({
  wallet: z.object({
    /** A number with at most 2 decimals, e.g. 12.5. */
    balance: z.number(),
    currency: z.string(),
  }),
})
export type Wallet = z.infer<typeof Wallet>

export const getWallet = defineEndpoint({
  method: 'GET',
  path: '/user/wallet',
  summary: 'The wallet balance of the signed-in customer',
  tags: ['wallet'],
  response: Wallet,
})
