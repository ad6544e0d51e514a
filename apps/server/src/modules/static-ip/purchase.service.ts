// Buying and renewing static IPs from the wallet. Each purchase is one database transaction:
// addresses are picked with FOR UPDATE SKIP LOCKED, the wallet is debited through the ledger and
// the order and instances are written, so there is never a charge without an address or the reverse.
import { centsToAmount } from '@proxy/contract/money'
import type { DurationDays } from '@proxy/contract/static-ip/catalog'
import type { RenewInput } from '@proxy/contract/static-ip/instances'
import type { StaticIpPurchaseInput, StaticIpQuote } from '@proxy/contract/static-ip/purchase'
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm'
import { type Db, inTransaction, type Tx } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { newOrderNo } from '../../platform/order-no.ts'
import { chargeWallet, type MoneyContext, settled, walletBalance } from '../ledger/index.ts'
import { placePaidOrder } from '../orders/index.ts'
import { newCredentials, selectInstances, toInstance } from './instances.service.ts'
import { assertExpectedTotal, listPriceCents, termDiscounts, unitPriceCents } from './pricing.ts'
import { ipInventory, proxyInstances, regions } from './static-ip.schema.ts'

const DAY_MS = 24 * 3600 * 1000

async function activeRegion(db: Db | Tx, regionId: string, protocol: string) {
  const [region] = await db
    .select()
    .from(regions)
    .where(and(eq(regions.id, regionId), eq(regions.isActive, true)))
  if (!region) throw new AppError('REGION_UNAVAILABLE')
  if (!region.protocols.includes(protocol)) throw new AppError('PROTOCOL_NOT_OFFERED')
  return region
}

const availableIn = async (db: Db | Tx, regionId: string) => {
  const [row] = await db
    .select({ value: count() })
    .from(ipInventory)
    .where(and(eq(ipInventory.regionId, regionId), eq(ipInventory.status, 'available')))
  return row?.value ?? 0
}

export async function quoteStaticIp(
  db: Db,
  userId: string,
  input: Omit<StaticIpPurchaseInput, 'autoRenew'>,
): Promise<StaticIpQuote> {
  const region = await activeRegion(db, input.regionId, input.protocol)
  const discount = (await termDiscounts(db))[input.durationDays]
  const unit = unitPriceCents(region.pricePer30Days, input.durationDays, discount)
  const total = unit * input.quantity
  const balance = await walletBalance(db, userId)
  return {
    unitPrice: centsToAmount(unit),
    quantity: input.quantity,
    durationDays: input.durationDays,
    discount,
    saving: centsToAmount(listPriceCents(region.pricePer30Days, input.durationDays) * input.quantity - total),
    total: centsToAmount(total),
    stock: await availableIn(db, region.id),
    balance: centsToAmount(balance),
    shortfall: centsToAmount(Math.max(0, total - balance)),
  }
}

export async function purchaseStaticIp(
  db: Db,
  userId: string,
  input: StaticIpPurchaseInput,
  context: MoneyContext,
) {
  return inTransaction(db, async (tx) => {
    const region = await activeRegion(tx, input.regionId, input.protocol)
    const discount = (await termDiscounts(tx))[input.durationDays]
    const unit = unitPriceCents(region.pricePer30Days, input.durationDays, discount)
    const total = unit * input.quantity
    assertExpectedTotal(input.expectedTotal, total)
    const picked = await tx
      .select({ id: ipInventory.id, ip: ipInventory.ip })
      .from(ipInventory)
      .where(and(eq(ipInventory.regionId, region.id), eq(ipInventory.status, 'available')))
      .orderBy(asc(ipInventory.createdAt), asc(ipInventory.id))
      .limit(input.quantity)
      .for('update', { skipLocked: true })
    if (picked.length < input.quantity)
      throw new AppError('OUT_OF_STOCK', {
        available: await availableIn(tx, region.id),
        requested: input.quantity,
      })
    await tx
      .update(ipInventory)
      .set({ status: 'allocated' })
      .where(
        inArray(
          ipInventory.id,
          picked.map((row) => row.id),
        ),
      )

    const orderNo = newOrderNo('S')
    await chargeWallet(
      tx,
      {
        userId,
        amount: total,
        kind: 'purchase',
        about: {
          key: 'static-ip-purchase',
          params: {
            region: `${region.country}${region.city}`,
            regionEn: `${region.cityEn}, ${region.countryEn}`,
            quantity: input.quantity,
            days: input.durationDays,
          },
        },
        reference: orderNo,
      },
      context,
    )
    const expiresAt = new Date(Date.now() + input.durationDays * DAY_MS)
    const created = await tx
      .insert(proxyInstances)
      .values(
        picked.map((address) => ({
          userId,
          inventoryId: address.id,
          orderNo,
          lineInstanceName: `${region.countryCode}-${region.cityEn.replaceAll(' ', '')}-${address.ip.split(/[.:]/).pop()}`,
          protocol: input.protocol,
          autoRenew: input.autoRenew,
          expiresAt,
          ...newCredentials(),
        })),
      )
      .returning({ id: proxyInstances.id })
    const order = await placePaidOrder(
      tx,
      {
        orderNo,
        userId,
        kind: 'new',
        regionId: region.id,
        quantity: input.quantity,
        durationDays: input.durationDays,
        protocol: input.protocol,
        unitPrice: unit,
        discountPercent: discount,
        total,
      },
      created.map(({ id }) => id),
    )
    const instances = await selectInstances(
      tx,
      inArray(
        proxyInstances.id,
        created.map(({ id }) => id),
      ),
    )
    return settled(tx, context, { order, instances: instances.map(toInstance) })
  })
}

/**
 * Renews instances all-or-nothing, each from max(now, its expiry), priced like the catalogue.
 * Instances are locked in id order so concurrent renewals of overlapping sets cannot deadlock.
 */
export async function renewInstances(db: Db, userId: string, input: RenewInput, context: MoneyContext) {
  const ids = [...new Set(input.ids)].sort()
  return inTransaction(db, async (tx) => {
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
