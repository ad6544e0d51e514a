// Customers as operators see and act on them. Each write is audited in its own transaction.
import type {
  AdjustmentInput,
  CustomerDetail,
  CustomerQuery,
  CustomerSummary,
  CustomerTrafficPackageQuery,
} from '@proxy/contract/admin/customers'
import { amountToCents, centsToAmount } from '@proxy/contract/money'
import type { PageQuery } from '@proxy/contract/pagination'
import { type Db, inTransaction } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import {
  type CustomerRow,
  findCustomer,
  findCustomers,
  liveSessionCount,
  setSuspension,
} from '../auth/index.ts'
import { claimed, type MoneyContext, settled } from '../idempotency/index.ts'
import {
  listTransactions,
  postLedgerTransaction,
  systemAccountId,
  walletAccountId,
  walletBalance,
  walletBalances,
} from '../ledger/index.ts'
import { activeInstanceCounts } from '../static-ip/index.ts'
import { allPlans, listPackages, remainingBytes } from '../traffic/index.ts'
import { type Actor, recordAudit } from './audit.ts'

const summaryOf = (row: CustomerRow, balanceCents: number, activeStaticIps: number): CustomerSummary => ({
  id: row.id,
  email: row.email,
  status: row.suspendedAt ? 'suspended' : 'active',
  emailVerified: row.emailVerifiedAt !== null,
  balance: centsToAmount(balanceCents),
  activeStaticIps,
  createdAt: row.createdAt.toISOString(),
})

export async function listCustomers(db: Db, query: CustomerQuery) {
  const { rows, total } = await findCustomers(db, query)
  const ids = rows.map((row) => row.id)
  const balances = await walletBalances(db, ids)
  const counts = await activeInstanceCounts(db, ids)
  return {
    items: rows.map((row) => summaryOf(row, balances.get(row.id) ?? 0, counts.get(row.id) ?? 0)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  }
}

export async function customerDetail(db: Db, id: string): Promise<CustomerDetail> {
  const row = await findCustomer(db, id)
  if (!row) throw new AppError('NOT_FOUND')
  const counts = await activeInstanceCounts(db, [id])
  const traffic = await remainingBytes(db, id)
  return {
    ...summaryOf(row, await walletBalance(db, id), counts.get(id) ?? 0),
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    suspendReason: row.suspendReason,
    trafficRemainingBytes: Number(
      traffic > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : traffic,
    ),
    twoFactorEnabled: row.totpEnabledAt !== null,
    activeSessions: await liveSessionCount(db, id),
  }
}

async function requireCustomer(db: Db, id: string) {
  if (!(await findCustomer(db, id))) throw new AppError('NOT_FOUND')
}

/** The customer's wallet entries, newest first, as the customer's own billing list shows them. */
export async function customerTransactions(db: Db, id: string, query: PageQuery) {
  await requireCustomer(db, id)
  return listTransactions(db, id, query)
}

/** The customer's traffic packages, soonest expiry first, with each plan's English name. */
export async function customerTrafficPackages(db: Db, id: string, query: CustomerTrafficPackageQuery) {
  await requireCustomer(db, id)
  const [{ summary: _summary, ...page }, plans] = await Promise.all([
    listPackages(db, id, query),
    allPlans(db),
  ])
  // A package keeps the Chinese plan name it was bought under; the English one is the plan's.
  const english = new Map(plans.map((plan) => [plan.name, plan.nameEn]))
  return {
    ...page,
    items: page.items.map((item) => ({ ...item, planNameEn: english.get(item.planName) ?? item.planName })),
  }
}

const statusOf = (suspension: { suspendedAt: Date | null; suspendReason: string | null }) => ({
  status: suspension.suspendedAt ? 'suspended' : 'active',
  suspendedAt: suspension.suspendedAt,
  suspendReason: suspension.suspendReason,
})

/** Suspends (reason given) or restores a customer; sessions and API tokens end on suspension. */
export async function setCustomerSuspension(
  db: Db,
  actor: Actor,
  id: string,
  suspend: boolean,
  reason: string,
): Promise<CustomerDetail> {
  await inTransaction(db, async (tx) => {
    const changed = await setSuspension(tx, id, suspend ? { reason } : null)
    if (!changed) throw new AppError('NOT_FOUND')
    await recordAudit(tx, {
      operator: actor,
      action: suspend ? 'customers.suspend' : 'customers.restore',
      target: `customer:${id}`,
      before: statusOf(changed.before),
      after: statusOf(changed.after),
      reason,
      ip: actor.ip,
    })
  })
  return customerDetail(db, id)
}

/**
 * Credits (positive) or debits (negative) a wallet against the manual-adjustments account, with the
 * request's Idempotency-Key settled in the same transaction. A debit never overdraws.
 */
export async function adjustWallet(
  db: Db,
  actor: Actor,
  context: MoneyContext,
  id: string,
  input: AdjustmentInput,
) {
  const amount = amountToCents(input.amount)
  try {
    return await inTransaction(db, async (tx) => {
      await claimed(tx, context)
      if (!(await findCustomer(tx, id))) throw new AppError('NOT_FOUND')
      const wallet = await walletAccountId(tx, id)
      const before = await walletBalance(tx, id)
      const { transactionId } = await postLedgerTransaction(tx, {
        kind: 'adjustment',
        about: { key: 'adjustment', params: { direction: amount > 0 ? 'credit' : 'debit' } },
        reference: `adjustment:${context.requestId}`,
        entries: [
          { accountId: wallet, amount },
          { accountId: await systemAccountId(tx, 'adjustments'), amount: -amount },
        ],
        context,
      })
      const after = await walletBalance(tx, id)
      await recordAudit(tx, {
        operator: actor,
        action: 'wallet.adjust',
        target: `customer:${id}`,
        before: { balance: centsToAmount(before) },
        after: { balance: centsToAmount(after), transactionId },
        reason: input.reason,
        ip: actor.ip,
      })
      return settled(tx, context, { balance: centsToAmount(after), transactionId })
    })
  } catch (error) {
    if (error instanceof AppError && error.name === 'INSUFFICIENT_BALANCE')
      throw new AppError('ADJUSTMENT_OVERDRAWS', error.details)
    throw error
  }
}
