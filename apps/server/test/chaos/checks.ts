// What must hold after the chaos: the ledger invariants, every acknowledged operation in the
// database, nothing the clients were not told about (no doubled order), every key settled.
import { type SQL, sql } from 'drizzle-orm'
import { findInvariantViolations } from '../../src/invariants.ts'
import type { Db } from '../../src/platform/db/client.ts'
import { describeOpen, type Op, orderNoOf } from './journal.ts'
import type { UsageRecord } from './mixed-load.ts'

/** 4xx answers a client may get for a well-formed request, the same on every retry. */
const BUSINESS_REFUSALS = new Set(['INSUFFICIENT_BALANCE', 'OUT_OF_STOCK', 'INSTANCE_NOT_RENEWABLE'])

const rowsOf = async <T>(db: Db, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows

type Journal = { ops: Op[]; userIds: string[]; pushed?: Map<string, UsageRecord[]> }

/** Each named list holds the offending items; an empty object means the run was sound. */
export async function findChaosViolations(db: Db, { ops, userIds, pushed }: Journal) {
  const violations: Record<string, unknown> = {}
  const report = (name: string, items: unknown[]) => {
    if (items.length > 0) violations[name] = items
  }
  const ledger = await findInvariantViolations(db)
  if (Object.keys(ledger).length > 0) violations.ledger = ledger

  report('unresolvedKeys', describeOpen(ops))
  report(
    'unexpectedRefusals',
    ops
      .filter((op) => op.outcome === 'refused' && !BUSINESS_REFUSALS.has(op.answer?.name ?? ''))
      .map((op) => `${op.kind} ${op.key}: ${op.answer?.status} ${op.answer?.name}`),
  )
  const acked = (...kinds: Op['kind'][]) =>
    ops.filter((op) => op.outcome === 'acked' && kinds.includes(op.kind))
  const users = sql.param(userIds)

  // Orders: exactly the ones some key was answered with.
  const answeredOrders = new Set(acked('purchase', 'renewal', 'traffic').map((op) => orderNoOf(op.answer)))
  const orders = await rowsOf<{ order_no: string }>(
    db,
    sql`select order_no from orders where user_id = any(${users}::uuid[])`,
  )
  const storedOrders = new Set(orders.map((row) => row.order_no))
  report(
    'missingOrders',
    [...answeredOrders].filter((orderNo) => !storedOrders.has(orderNo as string)),
  )
  report(
    'unansweredOrders',
    [...storedOrders].filter((orderNo) => !answeredOrders.has(orderNo)),
  )
  report(
    'keysWithSeveralOrders',
    await rowsOf(
      db,
      sql`select user_id, idempotency_key, array_agg(distinct reference) as orders from audit_log
        where idempotency_key is not null and user_id = any(${users}::uuid[])
        group by user_id, idempotency_key having count(distinct reference) > 1`,
    ),
  )

  // Top-ups: exactly the ones answered, each paid once its payment was acknowledged.
  const answeredTopUps = new Set(acked('topup').map((op) => orderNoOf(op.answer)))
  const paidTopUps = new Set(acked('payment').map((op) => op.key))
  const topUps = await rowsOf<{ order_no: string; status: string }>(
    db,
    sql`select order_no, status from topup_orders where user_id = any(${users}::uuid[])`,
  )
  const storedTopUps = new Map(topUps.map((row) => [row.order_no, row.status]))
  report(
    'missingTopUps',
    [...answeredTopUps].filter((orderNo) => !storedTopUps.has(orderNo as string)),
  )
  report(
    'unansweredTopUps',
    [...storedTopUps.keys()].filter((orderNo) => !answeredTopUps.has(orderNo)),
  )
  report(
    'paidButNotCredited',
    [...paidTopUps].filter((orderNo) => storedTopUps.get(orderNo) !== 'paid'),
  )

  if (pushed) await checkPushes(db, acked('push'), pushed, report)

  // Keys: none left running, whether its lease ran out (stuck) or not (a request still alive).
  report(
    'runningKeys',
    await rowsOf(
      db,
      sql`select user_id, key, lease_until, lease_until is null or lease_until < now() as is_stuck,
        created_at from idempotency_keys where status = 'running' and user_id = any(${users}::uuid[])`,
    ),
  )
  return violations
}

/** Each acknowledged report stored once, and usage exactly the sum of the acknowledged reports. */
async function checkPushes(
  db: Db,
  ackedPushes: Op[],
  pushed: Map<string, UsageRecord[]>,
  report: (name: string, items: unknown[]) => void,
) {
  const ids = ackedPushes.map((op) => op.key)
  const stored = await rowsOf<{ report_id: string }>(
    db,
    sql`select distinct report_id from node_reports where report_id = any(${sql.param(ids)}::text[])`,
  )
  const storedIds = new Set(stored.map((row) => row.report_id))
  report(
    'missingReports',
    ids.filter((id) => !storedIds.has(id)),
  )

  // Between what was acknowledged and what was sent; equal once every push has settled.
  const acknowledged = sumBySubject(ids, pushed)
  const sent = sumBySubject([...pushed.keys()], pushed)
  const subjects = [...new Set([...pushed.values()].flat().map((record) => record.id))]
  const usage = await rowsOf<{ subject: string; bytes: string }>(
    db,
    sql`select subject_kind || ':' || subject_id as subject, sum(up_bytes + down_bytes) as bytes
      from usage_hourly where subject_id = any(${sql.param(subjects)}::uuid[]) group by 1`,
  )
  const counted = new Map(usage.map((row) => [row.subject, Number(row.bytes)]))
  const differences = [...sent.keys()]
    .map((subject) => ({
      subject,
      acknowledged: acknowledged.get(subject) ?? 0,
      counted: counted.get(subject) ?? 0,
      sent: sent.get(subject) ?? 0,
    }))
    .filter((usage) => usage.counted < usage.acknowledged || usage.counted > usage.sent)
  report('usageNotCountedOnce', differences)
}

function sumBySubject(reportIds: string[], pushed: Map<string, UsageRecord[]>) {
  const totals = new Map<string, number>()
  for (const id of reportIds)
    for (const record of pushed.get(id) ?? []) {
      const subject = `${record.kind}:${record.id}`
      totals.set(subject, (totals.get(subject) ?? 0) + record.upBytes + record.downBytes)
    }
  return totals
}
