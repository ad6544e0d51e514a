// The sub-users module's public face: all that other modules may import from it (npm run deps checks).
export { limitUsageOf } from './limit-usage.ts'
export { servedSubUsers, turnedDay, withLoginCaps } from './node-rows.ts'
export { hasSubUser, listSubUsers } from './sub-users.service.ts'
export { recordCredentialUsage, subUserOwners } from './usage-record.ts'
