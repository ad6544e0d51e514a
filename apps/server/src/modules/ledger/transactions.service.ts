// Billing records: the entries on a customer's wallet account, with their transaction's type.
import { centsToAmount } from '@proxy/contract/money'
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
  'zh-CN': ['时间', '类型', '说明', '金额', '余额', '订单号'],
  'en-US': ['Time', 'Type', 'Description', 'Amount', 'Balance after', 'Order'],
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

const toView = (row: EntryRow): WalletTransaction => ({
  ...row,
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

const shanghaiTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Shanghai',
  dateStyle: 'short',
  timeStyle: 'medium',
})

/** CSV of the filtered range, UTF-8 with a BOM so Excel opens the Chinese correctly. */
export async function exportTransactionsCsv(
  db: Db,
  userId: string,
  query: Filter,
  language: CsvLanguage,
): Promise<string> {
  const rows = await selectEntries(db, userId, query).limit(EXPORT_MAX_ROWS)
  const records = rows.map((row) => [
    `${shanghaiTime.format(row.createdAt)} +08:00`,
    TYPE_LABELS[language][row.type],
    row.description,
    (row.amount / 100).toFixed(2),
    ((row.balanceAfter ?? 0) / 100).toFixed(2),
    row.orderNo ?? '',
  ])
  return `\uFEFF${stringify([[...CSV_HEADERS[language]], ...records])}`
}
