// The one way money moves: a balanced ledger transaction written inside the caller's transaction.
import { centsToAmount } from '@proxy/contract/money'
import { describeEntry, type EntryAbout } from '@proxy/contract/wallet/descriptions'
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db/client.ts'
import { rowsOf } from '../../platform/db/sql.ts'
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
  context?: PostingContext
}

/** Who moves money and on which request, kept in the audit log (the idempotency module's MoneyContext is one). */
export type PostingContext = { actor?: string; requestId?: string; idempotencyKey?: string }

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
      throw new AppError('INSUFFICIENT_BALANCE', { shortfall: centsToAmount(shortfall) })
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

export type WalletCharge = {
  userId: string
  amount: number
  kind: 'purchase' | 'renewal'
  about: EntryAbout
  reference: string
}

/**
 * A sale paid from the wallet as the CTEs of one statement: `debited` (the conditional debit: no row
 * when the balance falls short), `posted` (the ledger transaction), `entries` (its two entries: the
 * wallet pays sales revenue) and `audited`. Accounts are found by owner and kind. chargeWallet runs
 * them and checks that `posted` has a row and `entries` two, rolling back otherwise.
 */
function chargeCtes(charge: WalletCharge, context?: PostingContext): SQL {
  const { userId, amount, kind, reference } = charge
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error('a charge is a positive integer of cents')
  const text = storedText({ about: charge.about })
  const requestId = context?.requestId ?? null
  return sql`
    debited as (
      update wallets set balance = balance - ${amount}::bigint, updated_at = now()
      where user_id = ${userId}::uuid and balance - ${amount}::bigint >= 0
      returning account_id, balance
    ), revenue as (
      select id from accounts where kind = 'sales_revenue' and user_id is null
    ), posted as (
      insert into ledger_transactions (kind, description, description_key, description_params, reference, request_id)
      select ${kind}::text, ${text.description}::text, ${text.descriptionKey}::text,
        ${text.descriptionParams ? JSON.stringify(text.descriptionParams) : null}::jsonb, ${reference}::text,
        ${requestId}::text
      from debited
      returning id
    ), entries as (
      insert into ledger_entries (transaction_id, account_id, amount, balance_after)
      select posted.id, debited.account_id, ${-amount}::bigint, debited.balance from posted, debited
      union all
      select posted.id, revenue.id, ${amount}::bigint, null from posted, revenue
      returning 1
    ), audited as (
      insert into audit_log (user_id, actor, action, amount, balance_before, balance_after, reference,
        transaction_id, request_id, idempotency_key)
      select ${userId}::uuid, ${context?.actor ?? 'system'}::text, ${`wallet.${kind}`}::text, ${-amount}::bigint,
        debited.balance + ${amount}::bigint, debited.balance, ${reference}::text, posted.id, ${requestId}::text,
        ${context?.idempotencyKey ?? null}::text
      from posted, debited
    )`
}

/** What the chargeCtes() of a statement did: throws (rolling the caller back) unless it was posted whole. */
async function assertCharged(
  tx: Tx,
  charge: WalletCharge,
  posted: { transactionId: string | null; entries: number | string },
): Promise<{ transactionId: string }> {
  if (!posted.transactionId) {
    const balance = await walletBalance(tx, charge.userId)
    throw new AppError('INSUFFICIENT_BALANCE', { shortfall: centsToAmount(charge.amount - balance) })
  }
  // Two entries or none at all: a missing revenue account must not leave a one-sided posting.
  if (Number(posted.entries) !== 2)
    throw new Error('system account sales_revenue is missing; were the migrations applied?')
  return { transactionId: posted.transactionId }
}

/** The columns that report what chargeCtes() did, for the caller's final SELECT. */
const chargeOutcome = sql`(select id from posted) as transaction_id, (select count(*) from entries)::int as entries`

/**
 * A sale paid from the wallet: the customer's wallet pays sales revenue, in the caller's transaction.
 * One statement: the conditional debit, the transaction, its two entries and the audit row. The
 * wallet row is locked by that statement, so a caller that charges last holds it only until its commit.
 */
export async function chargeWallet(
  tx: Tx,
  charge: WalletCharge,
  context?: PostingContext,
): Promise<{ transactionId: string }> {
  const { ctes, outcome, confirm } = walletChargeCtes(charge, context)
  const [row] = rowsOf<ChargeOutcome>(await tx.execute(sql`with ${ctes} select ${outcome}`))
  return confirm(tx, row)
}

type ChargeOutcome = { transaction_id: string | null; entries: number | string }

/**
 * chargeWallet() as CTEs of the caller's statement, for a hot path that writes its other owners'
 * rows in the same statement: `debited` names the debit (no row when the balance falls short). The
 * statement selects `outcome`; hand its row to confirm(), which throws as chargeWallet() does.
 */
export function walletChargeCtes(charge: WalletCharge, context?: PostingContext) {
  return {
    ctes: chargeCtes(charge, context),
    debited: sql`exists (select 1 from debited)`,
    outcome: chargeOutcome,
    confirm: (tx: Tx, row: ChargeOutcome | undefined) =>
      assertCharged(tx, charge, { transactionId: row?.transaction_id ?? null, entries: row?.entries ?? 0 }),
  }
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
