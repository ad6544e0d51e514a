// The top-ups' invariants of DESIGN §4, against the ledger's credits (src/invariants.ts runs them).
import { sql } from 'drizzle-orm'
import { type InvariantChecks, ledgerTransactionsOf } from '../ledger/index.ts'

const credits = ledgerTransactionsOf(['topup'])

export const topUpInvariants = {
  // a top-up paid without exactly one credit, or credited twice
  unmatched: sql`
    select o.order_no, count(t.id) as credits from topup_orders o
    left join ${credits} t on t.reference = o.order_no
    group by o.order_no, o.status
    having (o.status = 'paid') <> (count(t.id) = 1) or count(t.id) > 1`,
  // a top-up credit without a paid order
  orphanCredits: sql`
    select t.id from ${credits} t left join topup_orders o on o.order_no = t.reference
    where o.order_no is null or o.status <> 'paid'`,
} satisfies InvariantChecks
