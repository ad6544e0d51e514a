// The orders' invariants of DESIGN §4, against the ledger's charges (src/invariants.ts runs them).
import { sql } from 'drizzle-orm'
import { type InvariantChecks, ledgerTransactionsOf } from '../ledger/index.ts'

const charges = ledgerTransactionsOf(['purchase', 'renewal'])

export const orderInvariants = {
  // an order without exactly one ledger transaction
  unpaidOrders: sql`
    select o.order_no from orders o
    left join ${charges} t on t.reference = o.order_no
    group by o.order_no having count(t.id) <> 1`,
  // a purchase or renewal charge without an order
  orphanCharges: sql`
    select t.id from ${charges} t left join orders o on o.order_no = t.reference
    where o.order_no is null`,
} satisfies InvariantChecks
