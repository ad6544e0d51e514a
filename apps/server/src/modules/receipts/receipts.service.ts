// Reading receipts: the customer's list (payments, each with its document, issued on first listing),
// one document (the customer's own, or any for an operator), and the operators' search.
import type { AdminReceipt, AdminReceiptQuery } from '@proxy/contract/admin/receipts'
import { centsToAmount } from '@proxy/contract/money'
import {
  DOCUMENT_NUMBER,
  type ReceiptDocument,
  type ReceiptList,
  type ReceiptListQuery,
} from '@proxy/contract/receipts/endpoints'
import { and, count, desc, eq, type SQL } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { customerEmails, findCustomers } from '../auth/index.ts'
import { paymentRecords } from '../ledger/index.ts'
import { type DocumentRow, documentsFor } from './issue.service.ts'
import { receiptDocuments } from './receipts.schema.ts'
import { companySettings } from './settings.service.ts'

const issued = (row: DocumentRow) => ({
  id: row.id,
  number: row.number,
  type: row.type,
  issuedAt: row.issuedAt.toISOString(),
})

export const toDocument = (row: DocumentRow): ReceiptDocument => ({ ...row.snapshot, ...issued(row) })

export async function listReceipts(db: Db, userId: string, query: ReceiptListQuery): Promise<ReceiptList> {
  const { records, total } = await paymentRecords(db, userId, query)
  const documents = await documentsFor(db, userId, records)
  const { isConfigured } = await companySettings(db)
  return {
    items: records.map((record) => {
      const document = documents.get(record.transactionId)
      return {
        transactionId: record.transactionId,
        kind: record.kind,
        reference: record.reference,
        about: record.about,
        description: record.description,
        amount: centsToAmount(Math.abs(record.cents)),
        paidAt: record.at.toISOString(),
        document: document ? issued(document) : null,
      }
    }),
    total,
    page: query.page,
    pageSize: query.pageSize,
    isIssuing: isConfigured,
  }
}

/** One document; `userId` limits it to the customer's own (another's answers 404, as a missing one). */
export async function findDocument(db: Db, id: string, userId?: string): Promise<DocumentRow> {
  const [row] = await db
    .select()
    .from(receiptDocuments)
    .where(and(eq(receiptDocuments.id, id), userId ? eq(receiptDocuments.userId, userId) : undefined))
  if (!row) throw new AppError('NOT_FOUND')
  return row
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** What the search box names: a document number, a customer (whole id or email), else an order number. */
async function searchCondition(db: Db, q: string): Promise<SQL | null> {
  const upper = q.toUpperCase()
  if (DOCUMENT_NUMBER.test(upper)) return eq(receiptDocuments.number, upper)
  if (UUID.test(q)) return eq(receiptDocuments.userId, q.toLowerCase())
  if (q.includes('@')) {
    const { rows } = await findCustomers(db, { q, page: 1, pageSize: 100 })
    const customer = rows.find((row) => row.email.toLowerCase() === q.toLowerCase())
    return customer ? eq(receiptDocuments.userId, customer.id) : null
  }
  return eq(receiptDocuments.reference, upper)
}

export async function searchDocuments(db: Db, query: AdminReceiptQuery) {
  const search = query.q ? await searchCondition(db, query.q) : undefined
  const empty = { items: [], total: 0, page: query.page, pageSize: query.pageSize }
  if (search === null) return empty
  const where = and(search, query.type ? eq(receiptDocuments.type, query.type) : undefined)
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(receiptDocuments)
      .where(where)
      .orderBy(desc(receiptDocuments.issuedAt), desc(receiptDocuments.number))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(receiptDocuments).where(where),
  ])
  const emails = await customerEmails(
    db,
    rows.map((row) => row.userId),
  )
  const items: AdminReceipt[] = rows.map((row) => ({
    ...issued(row),
    customerId: row.userId,
    customerEmail: emails.get(row.userId) ?? '',
    paymentKind: row.snapshot.payment.kind,
    reference: row.reference,
    billToName: row.snapshot.billTo.name,
    total: centsToAmount(row.total),
  }))
  return { items, total: total?.value ?? 0, page: query.page, pageSize: query.pageSize }
}
