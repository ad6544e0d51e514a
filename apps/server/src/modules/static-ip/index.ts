// The static-ip module's public face: all that other modules may import from it (npm run deps checks).

export { instancesExpiringOf } from './alert-measures.ts'
export { addRegionsIfNone } from './catalog.service.ts'
export {
  allRegions,
  insertRegion,
  lockTermDiscounts,
  type RegionChanges,
  type RegionRow,
  type RegionStockCounts,
  regionForUpdate,
  regionStockCounts,
  updateRegionRow,
  writeTermDiscounts,
} from './catalog-admin.ts'
export { exportInstances } from './export.service.ts'
export { claimInstancesExpiring } from './instance-expiry.ts'
export { listInstances } from './instance-list.ts'
export {
  activeInstanceCounts,
  holdsInstance,
  instanceCounts,
  instancesByIds,
  ownersOfInstances,
} from './instances.service.ts'
export {
  checkInventoryRows,
  type InventoryRowInput,
  importInventoryCsv,
  insertInventoryRows,
  inventoryCount,
  inventoryPage,
  lockInventoryRow,
  setInventoryStatus,
  stockByRegion,
  takenInventoryRows,
} from './inventory.service.ts'
export { whitelistSources } from './ip-whitelist.service.ts'
export { AUTO_RENEW_FAILED_NOTICE } from './lifecycle.service.ts'
export {
  instancesExpiredSince,
  instancesOnNode,
  poolExits,
  servedInstanceBatches,
  servedInstances,
  servedOwners,
} from './node-rows.ts'
export { termDiscounts } from './pricing.ts'
export { staticIpRefund, unusedDaysValue } from './refund.service.ts'
export { type AddressMove, moveInstanceAddress, replacementsForOrder } from './replacement.service.ts'
export { staticIpInvariants } from './static-ip.invariants.ts'
