// The traffic module's public face: all that other modules may import from it (npm run deps checks).

export { liveBytesBoughtOf, liveBytesLeftOf } from './alert-measures.ts'
export { accountsWithBytesLeft, accountsWithPackagesExpiredSince } from './node-rows.ts'
export { hasBoughtTraffic, listPackages, packageBytesSoldSince, remainingBytes } from './packages.service.ts'
export { drawFromPackages, existingAccounts } from './packages-draw.ts'
export { addPlansIfNone } from './plans.service.ts'
export {
  allPlans,
  insertPlan,
  type PlanChanges,
  type PlanRow,
  planForUpdate,
  updatePlanRow,
} from './plans-admin.ts'
export { trafficPackageRefund } from './refund.service.ts'
export { claimExhaustedAccounts, claimPackagesPastPercent } from './reminder-claims.ts'
export { accountBytesSince, type HourlyUsage, recordHourlyUsage, usageBytesSince } from './usage.repo.ts'
export { usageSeriesOf } from './usage-series.ts'
export { isTrafficUsername } from './usernames.ts'
