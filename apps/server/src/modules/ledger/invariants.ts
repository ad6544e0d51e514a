// The ledger's invariants of DESIGN §4 (entries balance, balances match their entries, none is
// negative, every refund names its item), and its transactions as a fragment for the owners of
// what they pay for: the top-ups and the orders check their side against it. src/invariants.ts runs them all.
import { type SQL, sql } from 'drizzle-orm'

/** Named checks: each statement answers the offending rows, none when the invariant holds. */
export type InvariantChecks = Record<string, SQL>

/** The ledger transactions of these kinds (id, reference), as a subquery of another module's check. */
export const ledgerTransactionsOf = (kinds: readonly string[]) =>
  sql`(select id, reference from ledger_transactions
       where kind in (${sql.join(
         kinds.map((kind) => sql`${kind}`),
         sql`, `,
       )}))`

export const ledgerInvariants = {
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
  // a refund transaction that does not name the item it paid back (its row in refunds)
  unrecordedRefund: sql`
    select t.id, t.reference from ledger_transactions t left join refunds r on r.transaction_id = t.id
    where t.kind = 'refund' and r.transaction_id is null`,
} satisfies InvariantChecks
