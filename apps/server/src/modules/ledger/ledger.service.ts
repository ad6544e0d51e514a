// The one way money moves: a balanced ledger transaction written inside the caller's transaction.
import { describeEntry, type EntryAbout } from '@proxy/contract/wallet/descriptions'
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import {
  accounts,
  auditLog,
  ledgerEntries,
  ledgerTransactions,
  type SystemAccountKind,
  type TransactionKind,
  wallets,
} from './ledger.schema.ts'

/**
 * Who moves money and on which request, kept in the audit log; `settle` records the request's
 * answer under its Idempotency-Key in the same transaction (see settled()).
 */
export type MoneyContext = {
  actor: string
  requestId?: string
  idempotencyKey?: string
  settle?: (tx: Tx, data: unknown) => Promise<void>
}

/** The last step of a money transaction: the request's answer is recorded with the money it moved. */
export async function settled<T>(tx: Tx, context: MoneyContext, answer: T): Promise<T> {
  await context.settle?.(tx, answer)
  return answer
}

/**
 * What an entry is: a key the reader's language renders (customers' entries), or a free text (operator
 * adjustments, tests). The stored `description` is always the Chinese text, as before keys existed.
 */
export type EntryText = { about: EntryAbout; description?: never } | { description: string; about?: never }

const storedText = (text: EntryText) => ({
  description: text.about ? describeEntry(text.about, 'zh-CN') : text.description,
  descriptionKey: text.about?.key ?? null,
  descriptionParams: text.about?.params ?? null,
})

export type LedgerPosting = EntryText & {
  kind: TransactionKind
  reference?: string
  entries: { accountId: string; amount: number }[]
  /** Who moved the money and on which request, for the audit log. */
  context?: { actor?: string; requestId?: string; idempotencyKey?: string }
}

export async function createWalletAccount(tx: Tx, userId: string): Promise<string> {
  const [account] = await tx
    .insert(accounts)
    .values({ kind: 'wallet', userId })
    .returning({ id: accounts.id })
  if (!account) throw new Error('wallet account not created')
  await tx.insert(wallets).values({ accountId: account.id, userId })
  return account.id
}

export async function walletAccountId(tx: Tx, userId: string): Promise<string> {
  const [row] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.kind, 'wallet')))
  if (!row) throw new Error(`no wallet account for ${userId}`)
  return row.id
}

export async function systemAccountId(tx: Tx, kind: SystemAccountKind): Promise<string> {
  const [row] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.kind, kind), isNull(accounts.userId)))
  if (!row) throw new Error(`system account ${kind} is missing; were the migrations applied?`)
  return row.id
}

/**
 * Posts a transaction whose entries sum to zero. Wallet balances change through a conditional
 * update, so a debit that would overdraw throws INSUFFICIENT_BALANCE and the caller's transaction
 * rolls back. Accounts are touched in id order so concurrent postings lock in the same order.
 */
export async function postLedgerTransaction(
  tx: Tx,
  posting: LedgerPosting,
): Promise<{ transactionId: string }> {
  const { entries } = posting
  if (entries.length < 2) throw new Error('a ledger transaction needs at least two entries')
  if (entries.some((entry) => !Number.isSafeInteger(entry.amount) || entry.amount === 0))
    throw new Error('ledger amounts are non-zero integer cents')
  if (entries.reduce((sum, entry) => sum + entry.amount, 0) !== 0)
    throw new Error('ledger entries must sum to zero')

  const ordered = [...entries].sort((a, b) => a.accountId.localeCompare(b.accountId))
  const walletRows = await tx
    .select({ accountId: wallets.accountId, userId: wallets.userId })
    .from(wallets)
    .where(
      inArray(
        wallets.accountId,
        ordered.map((entry) => entry.accountId),
      ),
    )
  const walletOwners = new Map(walletRows.map((row) => [row.accountId, row.userId]))

  const balances = new Map<string, number>()
  for (const entry of ordered) {
    if (!walletOwners.has(entry.accountId)) continue
    const [updated] = await tx
      .update(wallets)
      .set({ balance: sql`${wallets.balance} + ${entry.amount}`, updatedAt: sql`now()` })
      .where(and(eq(wallets.accountId, entry.accountId), sql`${wallets.balance} + ${entry.amount} >= 0`))
      .returning({ balance: wallets.balance })
    if (!updated) {
      const [current] = await tx
        .select({ balance: wallets.balance })
        .from(wallets)
        .where(eq(wallets.accountId, entry.accountId))
      const shortfall = -entry.amount - (current?.balance ?? 0)
      throw new AppError('INSUFFICIENT_BALANCE', { shortfall: shortfall / 100 })
    }
    balances.set(entry.accountId, updated.balance)
  }

  const [transaction] = await tx
    .insert(ledgerTransactions)
    .values({
      kind: posting.kind,
      ...storedText(posting),
      reference: posting.reference,
      requestId: posting.context?.requestId,
    })
    .returning({ id: ledgerTransactions.id })
  if (!transaction) throw new Error('ledger transaction not created')
  await tx.insert(ledgerEntries).values(
    ordered.map((entry) => ({
      transactionId: transaction.id,
      accountId: entry.accountId,
      amount: entry.amount,
      balanceAfter: balances.get(entry.accountId) ?? null,
    })),
  )
  const audited = ordered.filter((entry) => walletOwners.has(entry.accountId))
  if (audited.length > 0)
    await tx.insert(auditLog).values(
      audited.map((entry) => {
        const balanceAfter = balances.get(entry.accountId) ?? 0
        return {
          userId: walletOwners.get(entry.accountId),
          actor: posting.context?.actor ?? 'system',
          action: `wallet.${posting.kind}`,
          amount: entry.amount,
          balanceBefore: balanceAfter - entry.amount,
          balanceAfter,
          reference: posting.reference,
          transactionId: transaction.id,
          requestId: posting.context?.requestId,
          idempotencyKey: posting.context?.idempotencyKey,
        }
      }),
    )
  return { transactionId: transaction.id }
}

/** A sale paid from the wallet: the customer's wallet pays sales revenue, in the caller's transaction. */
export async function chargeWallet(
  tx: Tx,
  charge: {
    userId: string
    amount: number
    kind: 'purchase' | 'renewal'
    about: EntryAbout
    reference: string
  },
  context?: LedgerPosting['context'],
) {
  return postLedgerTransaction(tx, {
    kind: charge.kind,
    about: charge.about,
    reference: charge.reference,
    entries: [
      { accountId: await walletAccountId(tx, charge.userId), amount: -charge.amount },
      { accountId: await systemAccountId(tx, 'sales_revenue'), amount: charge.amount },
    ],
    context,
  })
}

/** A customer's wallet balance in cents (0 before the wallet exists). */
export async function walletBalance(db: Db | Tx, userId: string): Promise<number> {
  const [wallet] = await db
    .select({ balance: wallets.balance })
    .from(wallets)
    .where(eq(wallets.userId, userId))
  return wallet?.balance ?? 0
}

/** Wallet balances in cents of these customers (those without a wallet are absent). */
export async function walletBalances(db: Db | Tx, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map()
  const rows = await db
    .select({ userId: wallets.userId, balance: wallets.balance })
    .from(wallets)
    .where(inArray(wallets.userId, userIds))
  return new Map(rows.map((row) => [row.userId, row.balance]))
}
