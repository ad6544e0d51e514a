// Buying traffic: the quote and the purchase of a plan's packages. The plans are plans.service.ts,
// the packages packages.service.ts, the account account.service.ts; the expiry job
// package-expiry.ts and the reminders' claims reminder-claims.ts.
import { bytesToWire } from '@proxy/contract/bytes'
import { amountToCents, centsToAmount } from '@proxy/contract/money'
import type { TrafficOrderInput, TrafficPurchaseInput, TrafficQuote } from '@proxy/contract/traffic/purchase'
import { and, eq } from 'drizzle-orm'
import { type Db, inTransaction, type Tx } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { newOrderNo } from '../../platform/order-no.ts'
import { claimed, type MoneyContext, settled } from '../idempotency/index.ts'
import { chargeWallet, walletBalance } from '../ledger/index.ts'
import { placePaidOrder } from '../orders/index.ts'
import { ensureAccount } from './account.service.ts'
import { toPackage } from './packages.service.ts'
import { trafficPackages, trafficPlans } from './traffic.schema.ts'

const DAY_MS = 24 * 3600 * 1000

async function activePlan(db: Db | Tx, planId: string) {
  const [plan] = await db
    .select()
    .from(trafficPlans)
    .where(and(eq(trafficPlans.id, planId), eq(trafficPlans.isActive, true)))
  if (!plan) throw new AppError('PLAN_UNAVAILABLE')
  return plan
}

/** What an order would cost and add, priced in cents exactly as the purchase charges it. */
export async function quoteTraffic(db: Db, userId: string, input: TrafficOrderInput): Promise<TrafficQuote> {
  const plan = await activePlan(db, input.planId)
  const total = plan.price * input.quantity
  const balance = await walletBalance(db, userId)
  return {
    unitPrice: centsToAmount(plan.price),
    quantity: input.quantity,
    totalBytes: bytesToWire(plan.sizeBytes * BigInt(input.quantity)),
    validityDays: plan.validityDays,
    total: centsToAmount(total),
    balance: centsToAmount(balance),
    shortfall: centsToAmount(Math.max(0, total - balance)),
  }
}

/** One transaction: the wallet pays through the ledger, the order and packages are written. */
export async function purchaseTraffic(
  db: Db,
  userId: string,
  input: TrafficPurchaseInput,
  context: MoneyContext,
) {
  return inTransaction(db, async (tx) => {
    await claimed(tx, context)
    const plan = await activePlan(tx, input.planId)
    const total = plan.price * input.quantity
    // Confirmed against an older quote (the operator changed the plan's price since): nothing is charged.
    if (input.expectedTotal !== undefined && amountToCents(input.expectedTotal) !== total)
      throw new AppError('PRICE_CHANGED')
    const orderNo = newOrderNo('F')
    await chargeWallet(
      tx,
      {
        userId,
        amount: total,
        kind: 'purchase',
        about: {
          key: 'traffic-purchase',
          params: { plan: plan.name, planEn: plan.nameEn, quantity: input.quantity },
        },
        reference: orderNo,
      },
      context,
    )
    const order = await placePaidOrder(tx, {
      orderNo,
      userId,
      kind: 'traffic',
      quantity: input.quantity,
      durationDays: plan.validityDays,
      unitPrice: plan.price,
      discountPercent: 0,
      total,
    })
    const expiresAt = new Date(Date.now() + plan.validityDays * DAY_MS)
    const packages = await tx
      .insert(trafficPackages)
      .values(
        Array.from({ length: input.quantity }, () => ({
          userId,
          planId: plan.id,
          planName: plan.name,
          orderNo,
          totalBytes: plan.sizeBytes,
          expiresAt,
        })),
      )
      .returning()
    await ensureAccount(tx, userId)
    return settled(tx, context, { order, packages: packages.map(toPackage) })
  })
}
