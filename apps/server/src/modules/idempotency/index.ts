// The idempotency module's public face: all that other modules may import from it (npm run deps checks).
export {
  createIdempotencyHooks,
  IDEMPOTENCY_HEADER,
  type MoneyContext,
  moneyContext,
  settled,
  settledCte,
} from './idempotency.ts'
