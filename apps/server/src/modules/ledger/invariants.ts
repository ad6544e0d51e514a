// The money and inventory invariants of DESIGN §4, as one reusable check: every test that moves
// money asserts it comes back empty, and the benchmarks run it after their load.
import { sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'

const CHECKS = {
  // a ledger transaction whose entries do not sum to zero
  unbalanced: sql`
    select transaction_id, sum(amount)::bigint as total from ledger_entries
    group by transaction_id having sum(amount) <> 0`,
  // a wallet balance that differs from the sum of its entries
  drifted: sql`
    select w.account_id, w.balance, coalesce(sum(e.amount), 0)::bigint as total
    from wallets w left join ledger_entries e on e.account_id = w.account_id
    group by w.account_id, w.balance having w.balance <> coalesce(sum(e.amount), 0)`,
  // a negative wallet balance
  negative: sql`
    select account_id from wallets where balance < 0`,
  // a ledger transaction with fewer than two entries
  lonely: sql`
    select t.id from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
    group by t.id having count(e.id) < 2`,
  // a top-up paid without exactly one credit, or credited twice
  unmatched: sql`
    select o.order_no, count(t.id) as credits from topup_orders o
    left join ledger_transactions t on t.reference = o.order_no and t.kind = 'topup'
    group by o.order_no, o.status
    having (o.status = 'paid') <> (count(t.id) = 1) or count(t.id) > 1`,
  // a top-up credit without a paid order
  orphanCredits: sql`
    select t.id from ledger_transactions t left join topup_orders o on o.order_no = t.reference
    where t.kind = 'topup' and (o.order_no is null or o.status <> 'paid')`,
  // an order without exactly one ledger transaction
  unpaidOrders: sql`
    select o.order_no from orders o
    left join ledger_transactions t on t.reference = o.order_no and t.kind in ('purchase', 'renewal')
    group by o.order_no having count(t.id) <> 1`,
  // a purchase or renewal charge without an order
  orphanCharges: sql`
    select t.id from ledger_transactions t left join orders o on o.order_no = t.reference
    where t.kind in ('purchase', 'renewal') and o.order_no is null`,
  // an address allocated without a live instance, or held but not allocated
  strayAddresses: sql`
    select i.id from ip_inventory i left join proxy_instances p on p.inventory_id = i.id and p.status <> 'released'
    where (i.status = 'allocated') <> (p.id is not null)`,
} as const

export type InvariantViolations = Partial<Record<keyof typeof CHECKS, unknown[]>>

/** Answers the violated invariants with their offending rows; an empty object means all hold. */
export async function findInvariantViolations(db: Db): Promise<InvariantViolations> {
  const violations: InvariantViolations = {}
  for (const [name, query] of Object.entries(CHECKS)) {
    // Both drivers answer { rows }; the shared Db type cannot know which.
    const { rows } = (await db.execute(query)) as unknown as { rows: unknown[] }
    if (rows.length > 0) violations[name as keyof typeof CHECKS] = rows
  }
  return violations
}
