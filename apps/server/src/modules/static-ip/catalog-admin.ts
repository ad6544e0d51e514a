// The catalogue's operator side for static IPs: every region (inactive too) with its stock by status,
// and the writes the console makes. The admin module audits them in the same transaction.
import { DURATIONS, type DurationDays } from '@proxy/contract/static-ip/catalog'
import { asc, count, eq } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db/client.ts'
import { termDiscounts } from './pricing.ts'
import { durationDiscounts, ipInventory, regions } from './static-ip.schema.ts'

export type RegionRow = typeof regions.$inferSelect
export type RegionChanges = Partial<
  Pick<RegionRow, 'pricePer30Days' | 'isActive' | 'sortOrder' | 'country' | 'city' | 'countryEn' | 'cityEn'>
>
type StockStatus = 'available' | 'allocated' | 'cooling' | 'retired'
export type RegionStockCounts = Record<StockStatus, number>

const STOCK_STATUSES: StockStatus[] = ['available', 'allocated', 'cooling', 'retired']

/** Every region in the catalogue's order, inactive ones too. */
export function allRegions(db: Db | Tx): Promise<RegionRow[]> {
  return db.select().from(regions).orderBy(asc(regions.sortOrder), asc(regions.id))
}

/** One region, locked for an update when inside a transaction. */
export async function regionForUpdate(tx: Tx, id: string): Promise<RegionRow | undefined> {
  const [row] = await tx.select().from(regions).where(eq(regions.id, id)).for('update')
  return row
}

/** Addresses per region and status (pool exits are not stock and are left out). */
export async function regionStockCounts(db: Db | Tx): Promise<Map<string, RegionStockCounts>> {
  const rows = await db
    .select({ regionId: ipInventory.regionId, status: ipInventory.status, value: count() })
    .from(ipInventory)
    .groupBy(ipInventory.regionId, ipInventory.status)
  const counts = new Map<string, RegionStockCounts>()
  for (const row of rows) {
    if (!STOCK_STATUSES.includes(row.status as StockStatus)) continue
    const entry = counts.get(row.regionId) ?? { available: 0, allocated: 0, cooling: 0, retired: 0 }
    entry[row.status as StockStatus] = row.value
    counts.set(row.regionId, entry)
  }
  return counts
}

/** Adds a region; undefined when one with its id exists already. */
export async function insertRegion(tx: Tx, row: typeof regions.$inferInsert): Promise<RegionRow | undefined> {
  const [created] = await tx.insert(regions).values(row).onConflictDoNothing().returning()
  return created
}

export async function updateRegionRow(tx: Tx, id: string, changes: RegionChanges): Promise<RegionRow> {
  const [updated] = await tx.update(regions).set(changes).where(eq(regions.id, id)).returning()
  if (!updated) throw new Error(`region ${id} vanished inside its transaction`)
  return updated
}

/** Replaces the term discounts (each term's percent); the next quote, purchase and renewal use them. */
export async function writeTermDiscounts(tx: Tx, percents: Record<DurationDays, number>): Promise<void> {
  for (const durationDays of DURATIONS)
    await tx
      .insert(durationDiscounts)
      .values({ durationDays, percent: percents[durationDays] })
      .onConflictDoUpdate({
        target: durationDiscounts.durationDays,
        set: { percent: percents[durationDays] },
      })
}

/** Locks the discount rows so two operators' changes apply one after the other. */
export async function lockTermDiscounts(tx: Tx) {
  await tx.select().from(durationDiscounts).for('update')
  return termDiscounts(tx)
}
