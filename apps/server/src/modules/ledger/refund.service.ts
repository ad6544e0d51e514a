// Refunds: money a sale took goes back to the customer's wallet as a new `refund` transaction
// (entries are never changed). One refund per item of an order, and never more than the order paid.
// Each refund names its item in `refunds` by typed columns (order, item kind, item id).
import { centsToAmount } from '@proxy/contract/money'
import type { EntryAbout } from '@proxy/contract/wallet/descriptions'
import { and, eq, inArray, or, sql } from 'drizzle-orm'
import type { Tx } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { ledgerEntries, ledgerTransactions, type RefundItemKind, refunds } from './ledger.schema.ts'
import {
  type EntryText,
  type PostingContext,
  postLedgerTransaction,
  systemAccountId,
  walletAccountId,
} from './ledger.service.ts'

/** What a refund gives money back for: a static IP (`ip`) or a traffic package (`traffic`), by id. */
export type RefundItem = { kind: RefundItemKind; id: string }

/**
 * A live item a product agreed to refund, as the product values it: its owner, the cents to give back
 * per order that paid for it, what the wallet entry says, its state before, and how to give it up once
 * the money is back (answering its state after).
 */
export type Refundable = {
  userId: string
  item: RefundItem
  about: EntryAbout
  parts: { orderNo: string; cents: number }[]
  before: Record<string, unknown>
  giveUp: (tx: Tx) => Promise<Record<string, unknown>>
}

/** The reference of an item's refund from one order, as the wallet's entries show it: `refund:<orderNo>:<kind>:<id>`. */
const refundReference = (orderNo: string, item: RefundItem) => `refund:${orderNo}:${item.kind}:${item.id}`

/** 409 NOT_REFUNDABLE; `refund` in the details says why, in words a client may match on. */
export const notRefundable = (why: string, message = `This item cannot be refunded: ${why}`) =>
  new AppError('NOT_REFUNDABLE', { refund: why }, message)

export const alreadyRefunded = () => notRefundable('already refunded', 'This item has already been refunded')

const ofItem = (item: RefundItem) => and(eq(refunds.itemKind, item.kind), eq(refunds.itemId, item.id))

/** Whether an item was refunded already, from any order. */
export async function isRefunded(tx: Tx, item: RefundItem): Promise<boolean> {
  const [row] = await tx.select({ id: refunds.transactionId }).from(refunds).where(ofItem(item)).limit(1)
  return row !== undefined
}

/** Cents sales revenue still holds of an order: what its charge took, less what its refunds gave back. */
async function refundableCents(tx: Tx, orderNo: string, sales: string): Promise<number> {
  const refundsOfOrder = tx
    .select({ id: refunds.transactionId })
    .from(refunds)
    .where(eq(refunds.orderNo, orderNo))
  const [row] = await tx
    .select({ held: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(ledgerEntries.accountId, sales),
        or(
          and(
            eq(ledgerTransactions.reference, orderNo),
            inArray(ledgerTransactions.kind, ['purchase', 'renewal']),
          ),
          inArray(ledgerTransactions.id, refundsOfOrder),
        ),
      ),
    )
  return Number(row?.held ?? 0)
}

/**
 * Gives `amount` cents of an order back to the customer's wallet from sales revenue, in the caller's
 * transaction, and records the item it paid back. Refuses an item already refunded from this order
 * (409 NOT_REFUNDABLE, as every "already refunded"), and any amount beyond what the order paid and
 * has not yet refunded (VALIDATION_FAILED). The caller locks the item first, so concurrent refunds of
 * one item queue and the later one finds the first; the unique (item, order) index is the backstop.
 */
export async function refundToWallet(
  tx: Tx,
  refund: { userId: string; orderNo: string; item: RefundItem; amount: number } & EntryText,
  context?: PostingContext,
): Promise<{ transactionId: string }> {
  const [earlier] = await tx
    .select({ id: refunds.transactionId })
    .from(refunds)
    .where(and(ofItem(refund.item), eq(refunds.orderNo, refund.orderNo)))
    .limit(1)
  if (earlier) throw alreadyRefunded()
  const sales = await systemAccountId(tx, 'sales_revenue')
  const left = await refundableCents(tx, refund.orderNo, sales)
  if (!Number.isSafeInteger(refund.amount) || refund.amount <= 0 || refund.amount > left)
    throw new AppError('VALIDATION_FAILED', {
      refund: 'more than the order paid',
      refundable: centsToAmount(left),
    })
  const posted = await postLedgerTransaction(tx, {
    kind: 'refund',
    ...(refund.about ? { about: refund.about } : { description: refund.description ?? '' }),
    reference: refundReference(refund.orderNo, refund.item),
    entries: [
      { accountId: await walletAccountId(tx, refund.userId), amount: refund.amount },
      { accountId: sales, amount: -refund.amount },
    ],
    context,
  })
  // Migration 0022's trigger may have written it already (for the previous release); same values.
  await tx
    .insert(refunds)
    .values({
      transactionId: posted.transactionId,
      orderNo: refund.orderNo,
      itemKind: refund.item.kind,
      itemId: refund.item.id,
    })
    .onConflictDoNothing({ target: refunds.transactionId })
  return posted
}
