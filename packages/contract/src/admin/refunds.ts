// Refunds to the wallet, by a finance operator with a reason: a static IP for its unused whole days,
// a traffic package for its unused bytes, each at the price paid for it. Send an Idempotency-Key header.
import { z } from 'zod'
import { defineEndpoint } from '../endpoint.ts'
import { text } from '../input.ts'

export const RefundInput = z.strictObject({ reason: text().trim().min(3).max(500) })
export type RefundInput = z.infer<typeof RefundInput>

export const Refund = z.object({
  /** Dollars credited to the wallet. */
  amount: z.number(),
  /** The wallet balance after the refund, in dollars. */
  balance: z.number(),
  customerId: z.uuid(),
  /** One ledger transaction per order the refunded time or bytes were bought with. */
  transactionIds: z.array(z.string()),
})
export type Refund = z.infer<typeof Refund>

const tags = ['admin'] as const
const params = z.strictObject({ id: z.uuid() })

export const refundStaticIp = defineEndpoint({
  method: 'POST',
  path: '/admin/refunds/static-ip/:id',
  summary:
    'Refund a static IP for its unused whole days at the price paid, release it and cool its address (send an Idempotency-Key header)',
  tags,
  auth: 'operator',
  permission: 'refunds.create',
  params,
  body: RefundInput,
  response: Refund,
})

export const refundTrafficPackage = defineEndpoint({
  method: 'POST',
  path: '/admin/refunds/traffic-packages/:id',
  summary:
    'Refund a traffic package for its unused bytes at the price paid, and close it (send an Idempotency-Key header)',
  tags,
  auth: 'operator',
  permission: 'refunds.create',
  params,
  body: RefundInput,
  response: Refund,
})
