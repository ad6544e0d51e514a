// The money invariants of DESIGN §4, checked after every test that moves money.
import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import type { Db } from '../src/platform/db/client.ts'

// Both drivers answer { rows }; the shared Db type cannot know which.
const rowsOf = async (db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: unknown[] }).rows

export async function expectLedgerInvariants(db: Db) {
  const unbalanced = await rowsOf(
    db,
    sql`
    select transaction_id, sum(amount)::bigint as total from ledger_entries
    group by transaction_id having sum(amount) <> 0`,
  )
  expect(unbalanced).toEqual([])
  const drifted = await rowsOf(
    db,
    sql`
    select w.account_id, w.balance, coalesce(sum(e.amount), 0)::bigint as total
    from wallets w left join ledger_entries e on e.account_id = w.account_id
    group by w.account_id, w.balance having w.balance <> coalesce(sum(e.amount), 0)`,
  )
  expect(drifted).toEqual([])
  const negative = await rowsOf(db, sql`select account_id from wallets where balance < 0`)
  expect(negative).toEqual([])
  const lonely = await rowsOf(
    db,
    sql`
    select t.id from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
    group by t.id having count(e.id) < 2`,
  )
  expect(lonely).toEqual([])
  // No top-up is paid without exactly one ledger transaction, and no top-up credit lacks a paid order.
  const unmatched = await rowsOf(
    db,
    sql`
    select o.order_no, count(t.id) as credits from topup_orders o
    left join ledger_transactions t on t.reference = o.order_no and t.kind = 'topup'
    group by o.order_no, o.status
    having (o.status = 'paid') <> (count(t.id) = 1) or count(t.id) > 1`,
  )
  expect(unmatched).toEqual([])
  const orphanCredits = await rowsOf(
    db,
    sql`
    select t.id from ledger_transactions t left join topup_orders o on o.order_no = t.reference
    where t.kind = 'topup' and (o.order_no is null or o.status <> 'paid')`,
  )
  expect(orphanCredits).toEqual([])
  // Every wallet-paid order has exactly one ledger transaction, and every purchase or renewal one order.
  const unpaidOrders = await rowsOf(
    db,
    sql`
    select o.order_no from orders o
    left join ledger_transactions t on t.reference = o.order_no and t.kind in ('purchase', 'renewal')
    group by o.order_no having count(t.id) <> 1`,
  )
  expect(unpaidOrders).toEqual([])
  const orphanCharges = await rowsOf(
    db,
    sql`
    select t.id from ledger_transactions t left join orders o on o.order_no = t.reference
    where t.kind in ('purchase', 'renewal') and o.order_no is null`,
  )
  expect(orphanCharges).toEqual([])
  // An address is allocated exactly when a live instance holds it.
  const strayAddresses = await rowsOf(
    db,
    sql`
    select i.id from ip_inventory i left join proxy_instances p on p.inventory_id = i.id and p.status <> 'released'
    where (i.status = 'allocated') <> (p.id is not null)`,
  )
  expect(strayAddresses).toEqual([])
}
