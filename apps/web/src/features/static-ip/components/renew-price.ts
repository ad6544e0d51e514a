// What a renewal costs, from the catalogue prices of each line's region (the server charges the same).
import type { Region } from '@proxy/contract/static-ip/catalog'
import type { Instance } from '@proxy/contract/static-ip/instances'

export type RenewPrice = { total: number; isPriced: boolean }

export const renewPrice = (
  instances: readonly Pick<Instance, 'regionId'>[],
  regions: readonly Pick<Region, 'id' | 'prices'>[],
  durationDays: number,
): RenewPrice => {
  let cents = 0
  for (const instance of instances) {
    const price = regions
      .find((region) => region.id === instance.regionId)
      ?.prices.find((item) => item.durationDays === durationDays)
    if (!price) return { total: 0, isPriced: false }
    cents += Math.round(price.unitPrice * 100)
  }
  return { total: cents / 100, isPriced: instances.length > 0 }
}
