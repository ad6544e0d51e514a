// The idempotency module's public face: all that other modules may import from it (npm run deps checks).
export { purgeIdempotencyKeys } from './claim.ts'
export { createIdempotencyHooks, IDEMPOTENCY_HEADER } from './idempotency.ts'
export { claimCte, claimed, type MoneyContext, moneyContext, settled, settledCte } from './money-context.ts'
