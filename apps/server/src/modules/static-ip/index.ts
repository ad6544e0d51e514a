// The static-ip module's public face: all that other modules may import from it (npm run deps checks).
export { addRegionsIfNone } from './catalog.service.ts'
export {
  activeInstanceCounts,
  claimInstancesExpiring,
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
  takenInventoryRows,
} from './inventory.service.ts'
export { whitelistSources } from './ip-whitelist.service.ts'
export {
  instancesExpiredSince,
  instancesOnNode,
  poolExits,
  servedInstances,
  servedOwners,
} from './node-rows.ts'
export { lockInstanceForRefund, releaseInstanceNow } from './refund.service.ts'
export { replacementsForOrder } from './replacement.service.ts'
