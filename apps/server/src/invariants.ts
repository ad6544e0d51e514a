// The money and inventory invariants of DESIGN §4, as one reusable check: every test that moves
// money asserts it comes back empty, and the benchmarks run it after their load. Each module checks
// its own tables (the ledger hands the others its transactions as a fragment); this file only
// gathers them, as app.ts gathers the routes.
import type { InvariantChecks } from './modules/ledger/index.ts'
import { ledgerInvariants } from './modules/ledger/index.ts'
import { orderInvariants } from './modules/orders/index.ts'
import { staticIpInvariants } from './modules/static-ip/index.ts'
import { topUpInvariants } from './modules/wallet/index.ts'
import type { Db } from './platform/db/client.ts'
import { rowsOf } from './platform/db/sql.ts'

const CHECKS = {
  ...ledgerInvariants,
  ...topUpInvariants,
  ...orderInvariants,
  ...staticIpInvariants,
} satisfies InvariantChecks

export type InvariantViolations = Partial<Record<keyof typeof CHECKS, unknown[]>>

/** Answers the violated invariants with their offending rows; an empty object means all hold. */
export async function findInvariantViolations(db: Db): Promise<InvariantViolations> {
  const violations: InvariantViolations = {}
  for (const [name, query] of Object.entries(CHECKS)) {
    const rows = rowsOf<unknown>(await db.execute(query))
    if (rows.length > 0) violations[name as keyof typeof CHECKS] = rows
  }
  return violations
}
