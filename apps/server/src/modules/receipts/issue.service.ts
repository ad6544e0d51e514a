// Issues receipts and credit notes, numbered without gaps per series and year. The counter row of each
// (series, year) is locked (select … for update) before anything else in the issuing transaction, so
// issuers queue on it; only then is it checked which documents exist, and the counter advances by
// exactly the documents inserted. Numbers follow the order of issue; the year is the payment's, in the
// operator's time zone.
import { DOCUMENT_PREFIX } from '@proxy/contract/receipts/endpoints'
import { and, eq, inArray } from 'drizzle-orm'
import { type Db, inTransaction, type Tx } from '../../platform/db/client.ts'
import { orderPaymentRecords, type PaymentRecord } from '../ledger/index.ts'
import { type Draft, draftsFor } from './drafts.ts'
import { receiptCounters, receiptDocuments } from './receipts.schema.ts'
import { companySettings } from './settings.service.ts'

export type DocumentRow = typeof receiptDocuments.$inferSelect
type Series = 'R' | 'C'

/** The calendar year of `at` in `timeZone`. */
export const yearIn = (at: Date, timeZone: string): number =>
  Number(new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(at))

export const documentNumber = (series: Series, year: number, sequence: number) =>
  `${series}-${year}-${String(sequence).padStart(6, '0')}`

const documentsOf = (db: Db | Tx, transactionIds: string[]) =>
  transactionIds.length === 0
    ? Promise.resolve([])
    : db.select().from(receiptDocuments).where(inArray(receiptDocuments.transactionId, transactionIds))

/** Locks the counter of each (series, year), receipts first and years in order: one order for every issuer. */
async function lockCounters(tx: Tx, keys: { series: Series; year: number }[]) {
  const sorted = [...new Map(keys.map((key) => [`${key.series}${key.year}`, key])).values()].sort((a, b) =>
    a.series === b.series ? a.year - b.year : a.series === 'R' ? -1 : 1,
  )
  const last = new Map<string, number>()
  for (const { series, year } of sorted) {
    await tx.insert(receiptCounters).values({ series, year }).onConflictDoNothing()
    const [row] = await tx
      .select({ last: receiptCounters.last })
      .from(receiptCounters)
      .where(and(eq(receiptCounters.series, series), eq(receiptCounters.year, year)))
      .for('update')
    last.set(`${series}${year}`, row?.last ?? 0)
  }
  return last
}

/** Numbers and inserts the drafts not issued yet, in one transaction; answers every document of them. */
async function issue(db: Db, userId: string, drafts: Draft[], timeZone: string): Promise<DocumentRow[]> {
  const keyOf = (draft: Draft) => ({
    series: DOCUMENT_PREFIX[draft.type] as Series,
    year: yearIn(draft.record.at, timeZone),
  })
  return inTransaction(db, async (tx) => {
    const last = await lockCounters(tx, drafts.map(keyOf))
    // Read under the lock: a document another issuer inserted before us is seen, and not issued twice.
    const issued = await documentsOf(
      tx,
      drafts.map((draft) => draft.record.transactionId),
    )
    const byTransaction = new Map(issued.map((row) => [row.transactionId, row]))
    // Receipts before credit notes (a credit note names its receipt), each oldest payment first.
    const pending = drafts
      .filter((draft) => !byTransaction.has(draft.record.transactionId))
      .sort((a, b) =>
        a.type === b.type ? a.record.at.getTime() - b.record.at.getTime() : a.type === 'receipt' ? -1 : 1,
      )
    for (const draft of pending) {
      const { series, year } = keyOf(draft)
      const sequence = (last.get(`${series}${year}`) ?? 0) + 1
      last.set(`${series}${year}`, sequence)
      const receipt = draft.type === 'credit_note' ? receiptOf(draft, drafts, byTransaction) : null
      const [row] = await tx
        .insert(receiptDocuments)
        .values({
          type: draft.type,
          series,
          year,
          sequence,
          number: documentNumber(series, year, sequence),
          userId,
          transactionId: draft.record.transactionId,
          reference: draft.reference,
          total: draft.totalCents,
          refersTo: receipt?.id ?? null,
          snapshot: {
            ...draft.snapshot,
            refersTo: receipt ? { id: receipt.id, number: receipt.number } : null,
          },
        })
        .returning()
      if (row) byTransaction.set(row.transactionId, row)
    }
    for (const [key, sequence] of last)
      await tx
        .update(receiptCounters)
        .set({ last: sequence })
        .where(
          and(eq(receiptCounters.series, key[0] as Series), eq(receiptCounters.year, Number(key.slice(1)))),
        )
    return [...byTransaction.values()]
  })
}

/** The receipt of the order a credit note refunds (issued in this batch or before). */
function receiptOf(credit: Draft, drafts: Draft[], byTransaction: Map<string, DocumentRow>) {
  const paid = drafts.find((draft) => draft.type === 'receipt' && draft.reference === credit.reference)
  return paid ? byTransaction.get(paid.record.transactionId) : undefined
}

/**
 * The documents of these payment records of one customer, issuing those not issued yet (and, for a
 * credit note, its order's receipt first). Nothing is issued before the operator sets the company
 * details. Answers the documents by wallet transaction id.
 */
export async function documentsFor(
  db: Db,
  userId: string,
  records: PaymentRecord[],
): Promise<Map<string, DocumentRow>> {
  const existing = await documentsOf(
    db,
    records.map((record) => record.transactionId),
  )
  const found = new Map(existing.map((row) => [row.transactionId, row]))
  const missing = records.filter((record) => !found.has(record.transactionId))
  if (missing.length === 0) return found
  const company = await companySettings(db)
  if (!company.isConfigured) return found
  const refundedOrders = missing.flatMap((record) => (record.refundedOrderNo ? [record.refundedOrderNo] : []))
  const paidWith = await orderPaymentRecords(db, userId, [...new Set(refundedOrders)])
  const toDraft = [
    ...missing,
    ...paidWith.filter((record) => !missing.some((other) => other.transactionId === record.transactionId)),
  ]
  const drafts = await draftsFor(db, userId, toDraft, company)
  if (drafts.length === 0) return found
  for (const row of await issue(db, userId, drafts, company.timeZone)) found.set(row.transactionId, row)
  return found
}
