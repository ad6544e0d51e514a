// The wallet transactions a customer gets a receipt or a credit note for: paid top-ups, purchases,
// renewals and refunds (not operator adjustments), as the receipts module reads them.
import { EntryAbout } from '@proxy/contract/wallet/descriptions'
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db/client.ts'
import { accounts, ledgerEntries, ledgerTransactions, refunds } from './ledger.schema.ts'

export const PAYMENT_KINDS = ['topup', 'purchase', 'renewal', 'refund'] as const
export type PaymentKind = (typeof PAYMENT_KINDS)[number]

export type PaymentRecord = {
  transactionId: string
  kind: PaymentKind
  /** Cents on the wallet: positive for a top-up or refund, negative for a purchase or renewal. */
  cents: number
  about: EntryAbout | null
  /** The stored (Chinese) text, for entries from before keys. */
  description: string
  /** The top-up or order number it pays (for a refund, the `refund:…` reference). */
  reference: string | null
  /** For a refund: the order whose money it gave back. */
  refundedOrderNo: string | null
  at: Date
}

const columns = {
  transactionId: ledgerTransactions.id,
  kind: ledgerTransactions.kind,
  cents: ledgerEntries.amount,
  aboutKey: ledgerTransactions.descriptionKey,
  aboutParams: ledgerTransactions.descriptionParams,
  description: ledgerTransactions.description,
  reference: ledgerTransactions.reference,
  refundedOrderNo: refunds.orderNo,
  at: ledgerTransactions.createdAt,
}

function selectRecords(db: Db | Tx, userId: string, where?: SQL) {
  return db
    .select(columns)
    .from(ledgerEntries)
    .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .leftJoin(refunds, eq(refunds.transactionId, ledgerTransactions.id))
    .where(ownRecords(userId, where))
    .orderBy(desc(ledgerTransactions.createdAt), desc(ledgerTransactions.id))
    .$dynamic()
}

const ownRecords = (userId: string, where?: SQL) =>
  and(
    eq(accounts.userId, userId),
    eq(accounts.kind, 'wallet'),
    inArray(ledgerTransactions.kind, [...PAYMENT_KINDS]),
    where,
  )

type Row = Awaited<ReturnType<typeof selectRecords>>[number]

const toRecord = ({ aboutKey, aboutParams, ...row }: Row): PaymentRecord => {
  const about = aboutKey ? EntryAbout.safeParse({ key: aboutKey, params: aboutParams ?? {} }) : null
  return { ...row, kind: row.kind as PaymentKind, about: about?.success ? about.data : null }
}

/** A page of the customer's payment records, newest first. */
export async function paymentRecords(db: Db, userId: string, page: { page: number; pageSize: number }) {
  const all = selectRecords(db, userId)
  const [rows, total] = await Promise.all([
    selectRecords(db, userId)
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.$count(sql`(${all}) as records`),
  ])
  return { records: rows.map(toRecord), total }
}

/** The customer's purchase or renewal records that paid these orders (a credit note names its receipt). */
export async function orderPaymentRecords(db: Db | Tx, userId: string, orderNos: string[]) {
  if (orderNos.length === 0) return []
  const rows = await selectRecords(
    db,
    userId,
    and(
      inArray(ledgerTransactions.kind, ['purchase', 'renewal']),
      inArray(ledgerTransactions.reference, orderNos),
    ),
  )
  return rows.map(toRecord)
}
