// The idempotency module's public face: all that other modules may import from it (npm run deps checks).
export {
  claimedInTransaction,
  createIdempotencyHooks,
  IDEMPOTENCY_HEADER,
  moneyContext,
} from './idempotency.ts'
