import { centsToAmount } from '@proxy/contract/money'
import { DURATIONS, type Region } from '@proxy/contract/static-ip/catalog'
import { asc, count, eq, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { termDiscounts, unitPriceCents } from './pricing.ts'
import { ipInventory, regions } from './static-ip.schema.ts'

export async function getCatalog(db: Db): Promise<{ regions: Region[]; durations: number[] }> {
  const stock = db
    .select({ regionId: ipInventory.regionId, available: count().as('available') })
    .from(ipInventory)
    .where(eq(ipInventory.status, 'available'))
    .groupBy(ipInventory.regionId)
    .as('stock')
  const rows = await db
    .select({ region: regions, available: sql<number>`coalesce(${stock.available}, 0)::int` })
    .from(regions)
    .leftJoin(stock, eq(stock.regionId, regions.id))
    .where(eq(regions.isActive, true))
    .orderBy(asc(regions.sortOrder), asc(regions.id))
  const discounts = await termDiscounts(db)
  return {
    durations: [...DURATIONS],
    regions: rows.map(({ region, available }) => ({
      id: region.id,
      countryCode: region.countryCode,
      country: region.country,
      city: region.city,
      countryEn: region.countryEn,
      cityEn: region.cityEn,
      ispType: region.ispType,
      protocols: region.protocols as Region['protocols'],
      pricePer30Days: centsToAmount(region.pricePer30Days),
      prices: DURATIONS.map((durationDays) => ({
        durationDays,
        discountPercent: discounts[durationDays],
        unitPrice: centsToAmount(
          unitPriceCents(region.pricePer30Days, durationDays, discounts[durationDays]),
        ),
      })),
      stock: available,
    })),
  }
}

/** Puts these regions on sale when there are none yet (the demo seed); true when it added them. */
export async function addRegionsIfNone(db: Db, rows: (typeof regions.$inferInsert)[]): Promise<boolean> {
  const [existing] = await db.select({ value: count() }).from(regions)
  if ((existing?.value ?? 0) > 0) return false
  await db.insert(regions).values(rows).onConflictDoNothing()
  return true
}
