// The wallet module's public face: all that other modules may import from it (npm run deps checks).
export { topUpInvariants } from './topup.invariants.ts'
export { topUpMetrics } from './topup.metrics.ts'
export { creditedTopUpCentsByDay, findTopUps, type TopUpService } from './topup.service.ts'
