// Renewing static IPs from the wallet: one transaction that locks the instances, charges the wallet
// through the ledger, extends them and records the order through orders' placePaidOrder.
import type { DurationDays } from '@proxy/contract/static-ip/catalog'
import type { RenewInput } from '@proxy/contract/static-ip/instances'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { type Db, inTransaction } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { newOrderNo } from '../../platform/order-no.ts'
import { claimed, type MoneyContext, settled } from '../idempotency/index.ts'
import { chargeWallet } from '../ledger/index.ts'
import { placePaidOrder } from '../orders/index.ts'
import { selectInstances, toInstance } from './instances.service.ts'
import { assertExpectedTotal, termDiscounts, unitPriceCents } from './pricing.ts'
import { ipInventory, proxyInstances, regions } from './static-ip.schema.ts'

/**
 * Renews instances all-or-nothing, each from max(now, its expiry), priced like the catalogue.
 * Instances are locked in id order so concurrent renewals of overlapping sets cannot deadlock.
 */
export async function renewInstances(db: Db, userId: string, input: RenewInput, context: MoneyContext) {
  const ids = [...new Set(input.ids)].sort()
  return inTransaction(db, async (tx) => {
    await claimed(tx, context)
    const locked = await tx
      .select({ id: proxyInstances.id, status: proxyInstances.status })
      .from(proxyInstances)
      .where(and(eq(proxyInstances.userId, userId), inArray(proxyInstances.id, ids)))
      .orderBy(asc(proxyInstances.id))
      .for('update')
    if (locked.length !== ids.length) throw new AppError('NOT_FOUND')
    if (locked.some((row) => row.status === 'released')) throw new AppError('INSTANCE_NOT_RENEWABLE')
    const priced = await tx
      .select({ id: proxyInstances.id, regionId: regions.id, pricePer30Days: regions.pricePer30Days })
      .from(proxyInstances)
      .innerJoin(ipInventory, eq(ipInventory.id, proxyInstances.inventoryId))
      .innerJoin(regions, eq(regions.id, ipInventory.regionId))
      .where(inArray(proxyInstances.id, ids))
    const discount = (await termDiscounts(tx))[input.durationDays as DurationDays]
    const units = priced.map((row) =>
      unitPriceCents(row.pricePer30Days, input.durationDays as DurationDays, discount),
    )
    const total = units.reduce((sum, unit) => sum + unit, 0)
    assertExpectedTotal(input.expectedTotal, total)
    const regionIds = new Set(priced.map((row) => row.regionId))
    const orderNo = newOrderNo('R')
    await chargeWallet(
      tx,
      {
        userId,
        amount: total,
        kind: 'renewal',
        about: { key: 'static-ip-renewal', params: { quantity: ids.length, days: input.durationDays } },
        reference: orderNo,
      },
      context,
    )
    await tx
      .update(proxyInstances)
      .set({
        status: 'active',
        expiresAt: sql`greatest(now(), ${proxyInstances.expiresAt}) + make_interval(days => ${input.durationDays})`,
      })
      .where(inArray(proxyInstances.id, ids))
    const order = await placePaidOrder(
      tx,
      {
        orderNo,
        userId,
        kind: 'renewal',
        regionId: regionIds.size === 1 ? [...regionIds][0] : null,
        quantity: ids.length,
        durationDays: input.durationDays,
        unitPrice: Math.round(total / ids.length),
        discountPercent: discount,
        total,
      },
      ids,
    )
    const instances = await selectInstances(tx, inArray(proxyInstances.id, ids))
    return settled(tx, context, { order, instances: instances.map(toInstance) })
  })
}
