// Buying static IPs from the wallet (renewal.service.ts renews them). Each purchase is one database
// transaction of two statements, each part written by the module that owns its tables: claim the
// request's key (idempotency's claimCte) and lock stock (FOR UPDATE SKIP LOCKED, here), then the
// instances (here), the order (orders' paidOrderCtes), the charge (the ledger's walletChargeCtes)
// and the settled answer (idempotency's settledCte) as one statement, so there is never a charge
// without an address or the reverse.
import { randomUUID } from 'node:crypto'
import { centsToAmount } from '@proxy/contract/money'
import type { Instance } from '@proxy/contract/static-ip/instances'
import type { StaticIpPurchaseInput, StaticIpQuote } from '@proxy/contract/static-ip/purchase'
import { and, count, eq, sql } from 'drizzle-orm'
import { type Db, inTransaction, type Tx } from '../../platform/db/client.ts'
import { rowsOf } from '../../platform/db/sql.ts'
import { AppError } from '../../platform/errors.ts'
import { newOrderNo } from '../../platform/order-no.ts'
import { claimCte, type MoneyContext, settledCte } from '../idempotency/index.ts'
import { walletBalance, walletChargeCtes } from '../ledger/index.ts'
import { paidOrderCtes } from '../orders/index.ts'
import { newCredentials } from './credentials.ts'
import { assertExpectedTotal, listPriceCents, termDiscounts, unitPriceCents } from './pricing.ts'
import { ipInventory, regions } from './static-ip.schema.ts'

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

type PickedRegion = {
  id: string
  country_code: string
  country: string
  city: string
  country_en: string
  city_en: string
  protocols: string[]
  price_per_30_days: number | string
  discount: number
  addresses: { id: string; ip: string; port: number }[] | string
  /** The transaction's now(): the created_at every row of this purchase gets by default. */
  at: Date | string
  /** Rows of the key's claim (0: taken). */
  claimed: number
}

const jsonOf = <T>(value: T | string): T => (typeof value === 'string' ? JSON.parse(value) : value)

/**
 * Claim the request's key and lock stock: the region, the term's discount and the addresses, picked
 * with FOR UPDATE SKIP LOCKED and marked allocated, in one statement. The claim is confirmed first
 * (a taken key answers for itself); then no region when it is not active.
 */
async function lockStock(
  tx: Tx,
  input: StaticIpPurchaseInput,
  context: MoneyContext,
): Promise<PickedRegion | undefined> {
  const claim = claimCte(context)
  const [region] = rowsOf<PickedRegion>(
    await tx.execute(sql`
      with ${claim.cte}, region as (
        select r.id, r.country_code, r.country, r.city, r.country_en, r.city_en, r.protocols, r.price_per_30_days,
          coalesce((select percent from duration_discounts where duration_days = ${input.durationDays}::int), 0) as discount
        from regions r where r.id = ${input.regionId}::text and r.is_active
      ), picked as (
        select i.id from ip_inventory i
        where i.region_id = ${input.regionId}::text and i.status = 'available'
          and exists (select 1 from region where ${input.protocol}::text = any(region.protocols))
          and exists (select 1 from claimed)
        -- No ORDER BY: the partial index on available addresses hands out the first free one;
        -- sorting every free address of the region on each purchase cost more than the purchase.
        limit ${input.quantity}::int
        for update of i skip locked
      ), allocated as (
        update ip_inventory set status = 'allocated' from picked where ip_inventory.id = picked.id
        returning ip_inventory.id, ip_inventory.ip, ip_inventory.port
      )
      select region.*, now() as at, ${claim.outcome},
        (select coalesce(json_agg(allocated), '[]'::json) from allocated) as addresses
      from (select) as one left join region on true`),
  )
  claim.confirm(region?.claimed ?? 0)
  return region?.id ? region : undefined
}

/** The instances of a purchase on their allocated addresses, as the CTE `made` of the paying statement. */
function instancesCte(
  userId: string,
  input: StaticIpPurchaseInput,
  instances: Instance[],
  addressIds: string[],
) {
  const column = <T>(pick: (instance: Instance) => T) => sql.param(instances.map(pick))
  return sql`made as (
    insert into proxy_instances (id, user_id, inventory_id, order_no, line_instance_name, protocol, auto_renew,
      expires_at, username, password, uuid)
    select line.id, ${userId}::uuid, line.inventory_id, line.order_no, line.name, ${input.protocol}::text,
      ${input.autoRenew}::boolean, line.expires_at, line.username, line.password, line.uuid
    from unnest(${column((instance) => instance.id)}::uuid[], ${sql.param(addressIds)}::uuid[],
      ${column((instance) => instance.orderNo)}::text[], ${column((instance) => instance.lineInstanceName)}::text[],
      ${column((instance) => instance.expiresAt)}::timestamptz[], ${column((instance) => instance.username)}::text[],
      ${column((instance) => instance.password)}::text[], ${column((instance) => instance.uuid)}::uuid[])
      as line(id, inventory_id, order_no, name, expires_at, username, password, uuid)
  )`
}

/**
 * One purchase, one transaction: lock stock, then create the instances, record the order, charge the
 * wallet and settle the request in one statement. The wallet is charged last, so the customer's wallet row is
 * locked only until the commit right after it. Any refusal (price changed, out of stock, insufficient
 * balance, a lost idempotency claim) rolls all of it back.
 */
export async function purchaseStaticIp(
  db: Db,
  userId: string,
  input: StaticIpPurchaseInput,
  context: MoneyContext,
) {
  const orderNo = newOrderNo('S')
  const fresh = Array.from({ length: input.quantity }, () => ({ id: randomUUID(), ...newCredentials() }))
  return inTransaction(db, async (tx) => {
    const region = await lockStock(tx, input, context)
    if (!region) throw new AppError('REGION_UNAVAILABLE')
    if (!region.protocols.includes(input.protocol)) throw new AppError('PROTOCOL_NOT_OFFERED')
    const discount = Number(region.discount)
    const unit = unitPriceCents(Number(region.price_per_30_days), input.durationDays, discount)
    const total = unit * input.quantity
    assertExpectedTotal(input.expectedTotal, total)
    const addresses = jsonOf(region.addresses)
    if (addresses.length < input.quantity)
      throw new AppError('OUT_OF_STOCK', {
        // Those picked here count: this transaction marked them allocated and rolls back.
        available: (await availableIn(tx, region.id)) + addresses.length,
        requested: input.quantity,
      })

    const createdAt = new Date(region.at).toISOString()
    const expiresAt = new Date(Date.now() + input.durationDays * DAY_MS).toISOString()
    const instances: Instance[] = addresses.map((address, i) => {
      const { id, username, password, uuid } = fresh[i] as (typeof fresh)[number]
      return {
        id,
        lineInstanceName: `${region.country_code}-${region.city_en.replaceAll(' ', '')}-${address.ip.split(/[.:]/).pop()}`,
        ip: address.ip,
        port: address.port,
        protocol: input.protocol,
        username,
        password,
        uuid,
        regionId: region.id,
        countryCode: region.country_code,
        country: region.country,
        city: region.city,
        status: 'active',
        expiresAt,
        autoRenew: input.autoRenew,
        remark: '',
        orderNo,
        createdAt,
      }
    })
    // One statement for the rest, each part written by its table's owner: the instances (here), the
    // order (orders), the charge (the ledger) and the settled answer (idempotency). `npm run bench`
    // measured the same steps as five statements at three quarters of the purchases per second.
    const { ctes: orderCtes, order } = paidOrderCtes(
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
      instances.map((instance) => instance.id),
      new Date(region.at),
    )
    const charge = walletChargeCtes(
      {
        userId,
        amount: total,
        kind: 'purchase',
        about: {
          key: 'static-ip-purchase',
          params: {
            region: `${region.country}${region.city}`,
            regionEn: `${region.city_en}, ${region.country_en}`,
            quantity: input.quantity,
            days: input.durationDays,
          },
        },
        reference: orderNo,
      },
      context,
    )
    const answer = { order, instances }
    const settle = settledCte(context, answer, charge.debited)
    const addressIds = addresses.map((address) => address.id)
    const [done] = rowsOf<{ settled: number; transaction_id: string | null; entries: number }>(
      await tx.execute(sql`
        with ${instancesCte(userId, input, instances, addressIds)}, ${orderCtes}, ${charge.ctes}, ${settle.cte}
        select ${charge.outcome}, ${settle.outcome}`),
    )
    await charge.confirm(tx, done)
    return settle.confirm(done?.settled ?? 0)
  })
}
