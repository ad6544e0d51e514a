// The traffic module's public face: all that other modules may import from it (npm run deps checks).

export { accountsWithBytesLeft, accountsWithPackagesExpiredSince } from './node-rows.ts'
export { drawFromPackages, existingAccounts } from './packages-draw.ts'
export {
  allPlans,
  insertPlan,
  type PlanChanges,
  type PlanRow,
  planForUpdate,
  updatePlanRow,
} from './plans-admin.ts'
export { trafficPackageRefund } from './refund.service.ts'
export {
  addPlansIfNone,
  claimExhaustedAccounts,
  claimPackagesPastPercent,
  hasBoughtTraffic,
  listPackages,
  packageBytesSoldSince,
  remainingBytes,
} from './traffic.service.ts'
