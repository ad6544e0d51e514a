// What a renewal costs, from the catalogue prices of each line's region (the server charges the same), with the
// price of each region's lines so a mixed selection shows where the total comes from.
import { amountToCents, centsToAmount } from '@proxy/contract/money'
import type { Region } from '@proxy/contract/static-ip/catalog'
import type { Instance } from '@proxy/contract/static-ip/instances'

/** The selected lines of one region: how many, the price of one for the term and of all of them. */
export type RenewGroup = { regionId: string; count: number; unitPrice: number; subtotal: number }

export type RenewPrice = { total: number; isPriced: boolean; groups: RenewGroup[] }

export const renewPrice = (
  instances: readonly Pick<Instance, 'regionId'>[],
  regions: readonly Pick<Region, 'id' | 'prices'>[],
  durationDays: number,
): RenewPrice => {
  const groups = new Map<string, { count: number; unitCents: number }>()
  for (const instance of instances) {
    const price = regions
      .find((region) => region.id === instance.regionId)
      ?.prices.find((item) => item.durationDays === durationDays)
    if (!price) return { total: 0, isPriced: false, groups: [] }
    const group = groups.get(instance.regionId)
    if (group) group.count += 1
    else groups.set(instance.regionId, { count: 1, unitCents: amountToCents(price.unitPrice) })
  }
  const priced = [...groups].map(([regionId, { count, unitCents }]) => ({
    regionId,
    count,
    unitPrice: centsToAmount(unitCents),
    subtotal: centsToAmount(unitCents * count),
    cents: unitCents * count,
  }))
  const cents = priced.reduce((sum, group) => sum + group.cents, 0)
  return {
    total: centsToAmount(cents),
    isPriced: instances.length > 0,
    groups: priced.map(({ cents: _, ...group }) => group),
  }
}

/** The term's discount as the catalogue tells it for the selected lines' regions (0 when none is listed). */
export const termDiscount = (
  regions: readonly Pick<Region, 'id' | 'prices'>[],
  instances: readonly Pick<Instance, 'regionId'>[],
  durationDays: number,
): number => {
  for (const instance of instances) {
    const price = regions
      .find((region) => region.id === instance.regionId)
      ?.prices.find((item) => item.durationDays === durationDays)
    if (price) return price.discountPercent
  }
  return 0
}
