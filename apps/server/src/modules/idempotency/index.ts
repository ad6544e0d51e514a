// The idempotency module's public face: all that other modules may import from it (npm run deps checks).
export {
  claimCte,
  claimed,
  createIdempotencyHooks,
  IDEMPOTENCY_HEADER,
  type MoneyContext,
  moneyContext,
  settled,
  settledCte,
} from './idempotency.ts'
