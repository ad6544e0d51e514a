import { z } from 'zod'
import { defineEndpoint } from '../endpoint.ts'

/** The account currency: every balance, price, order and ledger amount is in US dollars. */
export const CURRENCY = 'USD'

export const Wallet = z.object({
  wallet: z.object({
    /** A number with at most 2 decimals, e.g. 12.5. */
    balance: z.number(),
    currency: z.string(),
  }),
  /** Yuan charged per dollar topped up, as the operator sets it now (a new order fixes it). */
  usdCnyRate: z.number(),
})
export type Wallet = z.infer<typeof Wallet>

export const getWallet = defineEndpoint({
  method: 'GET',
  path: '/user/wallet',
  summary: 'The wallet balance of the signed-in customer',
  tags: ['wallet'],
  scope: 'read',
  response: Wallet,
})
