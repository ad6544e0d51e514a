// Every table, for Drizzle's typed queries and drizzle-kit.
export * from '../../modules/auth/auth.schema.ts'
export * from '../../modules/ledger/ledger.schema.ts'
export * from '../../modules/orders/orders.schema.ts'
export * from '../../modules/payments/sandbox/sandbox.schema.ts'
export * from '../../modules/static-ip/static-ip.schema.ts'
export * from '../../modules/wallet/topup.schema.ts'
export * from '../idempotency/idempotency.schema.ts'
