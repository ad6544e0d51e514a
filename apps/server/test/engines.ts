// The server test files that run on PGlite as well when PostgreSQL is there (DESIGN §4): what can
// differ between the engines. Every file runs on PostgreSQL, production's engine; without a
// PostgreSQL every file runs on PGlite. A file that exercises one of these belongs here too.
export const engineSensitiveFiles = [
  // The CLI and the embedded start: PGlite's data directory, its lock, its backups, the demo seed on first
  // start.
  'src/cli.test.ts',
  'src/backup.test.ts',
  'src/modules/seed/demo-seed.test.ts',
  // Locking and concurrency: claims, leases, SKIP LOCKED allocation, conditional updates, retries.
  'src/modules/idempotency/idempotency.test.ts',
  'src/modules/ledger/ledger.test.ts',
  'src/modules/payments/payments.test.ts',
  'src/modules/static-ip/purchase.test.ts',
  'src/modules/static-ip/renewal.test.ts',
  'src/modules/static-ip/lifecycle.test.ts',
  'src/modules/static-ip/credential-reset.test.ts',
  'src/modules/traffic/traffic.test.ts',
  'src/modules/admin/refunds.test.ts',
  'src/modules/admin/topup-reconcile.test.ts',
  'src/modules/receipts/numbering.test.ts',
  // Numeric and JSON types: int8 read as strings by pg and as numbers by PGlite, unnest arrays,
  // bind-parameter limits, cursors, time zones, the pg_trgm extension PGlite loads itself.
  'src/modules/wallet/wallet.test.ts',
  'src/modules/nodes/nodes.test.ts',
  'src/modules/nodes/byte-totals.test.ts',
  'src/modules/nodes/node-credentials.test.ts',
  'src/modules/nodes/node-policy.test.ts',
  'src/modules/static-ip/inventory-import.test.ts',
  'src/modules/static-ip/instance-search.test.ts',
  'src/modules/static-ip/export.test.ts',
  'src/modules/traffic/usage.test.ts',
]
