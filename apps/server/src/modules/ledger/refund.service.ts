// Refunds: money a sale took goes back to the customer's wallet as a new `refund` transaction
// (entries are never changed). One refund per item of an order, and never more than the order paid.
import { and, eq, inArray, like, sql } from 'drizzle-orm'
import type { Tx } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { ledgerEntries, ledgerTransactions } from './ledger.schema.ts'
import {
  type EntryText,
  type LedgerPosting,
  postLedgerTransaction,
  systemAccountId,
  walletAccountId,
} from './ledger.service.ts'

/** The reference of an item's refund from one order: `refund:<orderNo>:<item>`. */
export const refundReference = (orderNo: string, item: string) => `refund:${orderNo}:${item}`

/** Whether an item (e.g. `ip:<id>`) was refunded already, from any order. */
export async function isRefunded(tx: Tx, item: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.kind, 'refund'), like(ledgerTransactions.reference, `refund:%:${item}`)))
    .limit(1)
  return row !== undefined
}

/** Cents sales revenue still holds of an order: what its charge took, less what its refunds gave back. */
async function refundableCents(tx: Tx, orderNo: string, sales: string): Promise<number> {
  const [row] = await tx
    .select({ held: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(ledgerEntries.accountId, sales),
        sql`(${and(eq(ledgerTransactions.reference, orderNo), inArray(ledgerTransactions.kind, ['purchase', 'renewal']))} or ${and(eq(ledgerTransactions.kind, 'refund'), like(ledgerTransactions.reference, refundReference(orderNo, '%')))})`,
      ),
    )
  return Number(row?.held ?? 0)
}

/**
 * Gives `amount` cents of an order back to the customer's wallet from sales revenue, in the caller's
 * transaction. Refuses (VALIDATION_FAILED, `refund` in the details) an item already refunded from
 * this order, and any amount beyond what the order paid and has not yet refunded. The caller locks
 * the item first, so concurrent refunds of one item queue and the later one finds the first.
 */
export async function refundToWallet(
  tx: Tx,
  refund: { userId: string; orderNo: string; item: string; amount: number } & EntryText,
  context?: LedgerPosting['context'],
): Promise<{ transactionId: string }> {
  const reference = refundReference(refund.orderNo, refund.item)
  const [earlier] = await tx
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.kind, 'refund'), eq(ledgerTransactions.reference, reference)))
    .limit(1)
  if (earlier) throw alreadyRefunded()
  const sales = await systemAccountId(tx, 'sales_revenue')
  const left = await refundableCents(tx, refund.orderNo, sales)
  if (!Number.isSafeInteger(refund.amount) || refund.amount <= 0 || refund.amount > left)
    throw new AppError('VALIDATION_FAILED', { refund: 'more than the order paid', refundable: left / 100 })
  return postLedgerTransaction(tx, {
    kind: 'refund',
    ...(refund.about ? { about: refund.about } : { description: refund.description ?? '' }),
    reference,
    entries: [
      { accountId: await walletAccountId(tx, refund.userId), amount: refund.amount },
      { accountId: sales, amount: -refund.amount },
    ],
    context,
  })
}

export const alreadyRefunded = () =>
  new AppError('VALIDATION_FAILED', { refund: 'already refunded' }, 'This item has already been refunded')
