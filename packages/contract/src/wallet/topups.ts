// Top-up orders: the customer pays a gateway, the gateway's signed notify credits the wallet.
import { z } from 'zod'
import { defineEndpoint } from '../endpoint.ts'
import { Amount } from '../money.ts'
import { PageQuery, pageOf } from '../pagination.ts'

import { TOPUP_MAX, TOPUP_MIN, TOPUP_TTL_MINUTES } from '../wire.ts'

export { TOPUP_MAX, TOPUP_MIN, TOPUP_TTL_MINUTES }

export const TopUpChannel = z.enum(['alipay', 'wxpay'])
export type TopUpChannel = z.infer<typeof TopUpChannel>

export const TopUpStatus = z.enum(['pending', 'paid', 'closed', 'cancelled'])
export type TopUpStatus = z.infer<typeof TopUpStatus>

export const CreateTopUpInput = z.strictObject({
  amount: Amount.min(TOPUP_MIN).max(TOPUP_MAX),
  channel: TopUpChannel,
})
export type CreateTopUpInput = z.infer<typeof CreateTopUpInput>

export const TopUpOrder = z.object({
  orderNo: z.string(),
  /** Dollars the wallet is credited. */
  amount: z.number(),
  /** Yuan the gateway charges for it, at `usdCnyRate`, fixed when the order was created. */
  cnyAmount: z.number(),
  usdCnyRate: z.number(),
  channel: TopUpChannel,
  status: TopUpStatus,
  /** Where the customer pays; null once the order can no longer be paid. */
  payUrl: z.string().nullable(),
  expiresAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
})
export type TopUpOrder = z.infer<typeof TopUpOrder>

export const OrderNoParams = z.strictObject({ orderNo: z.string().regex(/^T\d{8}[A-Z0-9]{10}$/) })

export const TopUpListQuery = PageQuery.extend({ status: TopUpStatus.optional() })
export type TopUpListQuery = z.infer<typeof TopUpListQuery>

const tags = ['wallet'] as const

export const createTopUp = defineEndpoint({
  method: 'POST',
  path: '/user/wallet/topup',
  summary: 'Create a top-up order and answer where to pay it (send an Idempotency-Key header)',
  tags,
  scope: 'buy',
  body: CreateTopUpInput,
  response: TopUpOrder,
})

export const listTopUps = defineEndpoint({
  method: 'GET',
  path: '/user/wallet/topups',
  summary: 'Top-up orders, newest first',
  tags,
  scope: 'read',
  query: TopUpListQuery,
  response: pageOf(TopUpOrder),
})

export const getTopUp = defineEndpoint({
  method: 'GET',
  path: '/user/wallet/topups/:orderNo',
  summary: 'One top-up order; asks the gateway when it is still pending',
  tags,
  scope: 'read',
  params: OrderNoParams,
  response: TopUpOrder,
})

export const cancelTopUp = defineEndpoint({
  method: 'POST',
  path: '/user/wallet/topups/:orderNo/cancel',
  summary: 'Cancel a pending top-up order',
  tags,
  scope: 'buy',
  params: OrderNoParams,
  response: TopUpOrder,
})
