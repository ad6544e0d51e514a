// Billing records: the entries on a customer's wallet account, with their transaction's type.

import { csvSafeRow } from '@proxy/contract/csv'
import { centsToAmount } from '@proxy/contract/money'
import { describeEntry, EntryAbout } from '@proxy/contract/wallet/descriptions'
import type {
  CsvLanguage,
  TransactionExportQuery,
  TransactionListQuery,
  WalletTransaction,
} from '@proxy/contract/wallet/transactions'
import { stringify } from 'csv-stringify/sync'
import { and, count, desc, eq, gte, lt } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { accounts, ledgerEntries, ledgerTransactions } from './ledger.schema.ts'

export const EXPORT_MAX_ROWS = 50_000

const CSV_HEADERS = {
  'zh-CN': ['时间', '类型', '说明', '金额 (USD)', '余额 (USD)', '订单号'],
  'en-US': ['Time', 'Type', 'Description', 'Amount (USD)', 'Balance after (USD)', 'Order'],
} as const
const TYPE_LABELS = {
  'zh-CN': { topup: '充值', purchase: '购买', renewal: '续费', refund: '退款', adjustment: '调整' },
  'en-US': {
    topup: 'Top-up',
    purchase: 'Purchase',
    renewal: 'Renewal',
    refund: 'Refund',
    adjustment: 'Adjustment',
  },
} as const

type Filter = Omit<TransactionExportQuery, 'lang'>

function filterOf(userId: string, query: Filter) {
  return and(
    eq(accounts.userId, userId),
    eq(accounts.kind, 'wallet'),
    query.type ? eq(ledgerTransactions.kind, query.type) : undefined,
    query.from ? gte(ledgerEntries.createdAt, new Date(query.from)) : undefined,
    query.to ? lt(ledgerEntries.createdAt, new Date(query.to)) : undefined,
  )
}

function selectEntries(db: Db, userId: string, query: Filter) {
  return db
    .select({
      id: ledgerEntries.id,
      type: ledgerTransactions.kind,
      amount: ledgerEntries.amount,
      balanceAfter: ledgerEntries.balanceAfter,
      description: ledgerTransactions.description,
      descriptionKey: ledgerTransactions.descriptionKey,
      descriptionParams: ledgerTransactions.descriptionParams,
      orderNo: ledgerTransactions.reference,
      createdAt: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(filterOf(userId, query))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .$dynamic()
}

type EntryRow = Awaited<ReturnType<typeof selectEntries>>[number]

/** The entry's key and parameters, when it has them (entries from before keys have none). */
const aboutOf = (row: EntryRow): EntryAbout | null => {
  if (!row.descriptionKey) return null
  const about = EntryAbout.safeParse({ key: row.descriptionKey, params: row.descriptionParams ?? {} })
  return about.success ? about.data : null
}

const toView = ({ descriptionKey, descriptionParams, ...row }: EntryRow): WalletTransaction => ({
  ...row,
  about: aboutOf({ descriptionKey, descriptionParams, ...row }),
  amount: centsToAmount(row.amount),
  balanceAfter: centsToAmount(row.balanceAfter ?? 0),
  createdAt: row.createdAt.toISOString(),
})

export async function listTransactions(db: Db, userId: string, query: TransactionListQuery) {
  const { page, pageSize, ...filter } = query
  const [rows, [total]] = await Promise.all([
    selectEntries(db, userId, filter)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ value: count() })
      .from(ledgerEntries)
      .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(filterOf(userId, filter)),
  ])
  return { items: rows.map(toView), total: total?.value ?? 0, page, pageSize }
}

export const DEFAULT_TIME_ZONE = 'Asia/Shanghai'

/** `2025-01-31 09:05:00 +08:00`: the time in the customer's zone, with that zone's offset at that moment. */
export function zonedTimestamp(timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  })
  return (at: Date) => {
    const part = Object.fromEntries(parts.formatToParts(at).map(({ type, value }) => [type, value]))
    // longOffset reads `GMT+08:00`, or plain `GMT` for UTC itself.
    const offset = part.timeZoneName === 'GMT' ? '+00:00' : (part.timeZoneName ?? '').replace('GMT', '')
    return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second} ${offset}`
  }
}

/**
 * CSV of the filtered range, UTF-8 with a BOM so Excel opens the Chinese correctly: in the reader's
 * language and time zone (the account's, unless the request names a language).
 */
export async function exportTransactionsCsv(
  db: Db,
  userId: string,
  query: Filter,
  reader: { language: CsvLanguage; timeZone: string },
): Promise<string> {
  const { language } = reader
  const timestamp = zonedTimestamp(reader.timeZone)
  const rows = await selectEntries(db, userId, query).limit(EXPORT_MAX_ROWS)
  const records = rows.map((row) => [
    timestamp(row.createdAt),
    TYPE_LABELS[language][row.type],
    ((about) => (about ? describeEntry(about, language) : row.description))(aboutOf(row)),
    centsToAmount(row.amount).toFixed(2),
    centsToAmount(row.balanceAfter ?? 0).toFixed(2),
    row.orderNo ?? '',
  ])
  return `\uFEFF${stringify([[...CSV_HEADERS[language]], ...records.map(csvSafeRow)])}`
}
