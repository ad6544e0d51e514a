// Top-up reconciliation by a finance operator: ask the gateway about an order, and credit a still
// unpaid one only when the gateway has it paid with the same yuan amount — through the same crediting
// function as the gateway's notify, so it is credited once whichever comes first.
import type { AdminTopUp, TopUpGatewayCheck } from '@proxy/contract/admin/orders'
import { centsToAmount } from '@proxy/contract/money'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { findCustomer } from '../auth/index.ts'
import { type MoneyContext, settled } from '../idempotency/index.ts'
import type { TopUpService } from '../wallet/index.ts'
import { type Actor, recordAudit } from './audit.ts'
import { toAdminTopUp } from './finance-orders.service.ts'

type Deps = { db: Db; topups: TopUpService }

async function stored({ topups }: Deps, orderNo: string) {
  const row = await topups.find(orderNo)
  if (!row) throw new AppError('NOT_FOUND')
  return row
}

const emailOf = async ({ db }: Deps, userId: string) => (await findCustomer(db, userId))?.email ?? ''

/** What the gateway says, and whether it allows marking the order paid. */
async function ask(deps: Deps, orderNo: string) {
  const row = await stored(deps, orderNo)
  const trade = await deps.topups.askGateway(orderNo)
  const confirmed =
    row.status !== 'paid' &&
    trade?.isPaid === true &&
    trade.tradeNo !== null &&
    trade.amount === row.cnyAmount
  return { row, trade, confirmed }
}

export async function checkAtGateway(deps: Deps, orderNo: string): Promise<TopUpGatewayCheck> {
  const { row, trade, confirmed } = await ask(deps, orderNo)
  return {
    topUp: toAdminTopUp(row, await emailOf(deps, row.userId)),
    gateway: trade && {
      isPaid: trade.isPaid,
      tradeNo: trade.tradeNo,
      cnyAmount: trade.amount === null ? null : centsToAmount(trade.amount),
    },
    canMarkPaid: confirmed,
  }
}

/** Credits an unpaid top-up the gateway confirms paid with our yuan amount; audited with the reason. */
export async function markPaid(
  deps: Deps,
  actor: Actor,
  context: MoneyContext,
  orderNo: string,
  reason: string,
): Promise<AdminTopUp> {
  const { row, trade, confirmed } = await ask(deps, orderNo)
  if (row.status === 'paid') throw new AppError('TOPUP_NOT_PENDING')
  if (!confirmed || !trade?.tradeNo)
    throw new AppError(
      'VALIDATION_FAILED',
      {
        gateway: trade
          ? { isPaid: trade.isPaid, cnyAmount: trade.amount === null ? null : centsToAmount(trade.amount) }
          : null,
      },
      'The gateway does not have this order paid with its amount',
    )
  const email = await emailOf(deps, row.userId)
  let answer: AdminTopUp | undefined
  const result = await deps.topups.credit(orderNo, trade.tradeNo, context, async (tx, before, after) => {
    await recordAudit(tx, {
      operator: actor,
      action: 'topups.mark-paid',
      target: `topup:${orderNo}`,
      before: { status: before.status, paidAt: before.paidAt, gatewayTradeNo: before.gatewayTradeNo },
      after: {
        status: after.status,
        paidAt: after.paidAt,
        gatewayTradeNo: after.gatewayTradeNo,
        credited: centsToAmount(after.amount),
      },
      reason,
      ip: actor.ip,
    })
    answer = await settled(tx, context, toAdminTopUp(after, email))
  })
  // The notify (or a customer's poll) credited it meanwhile: nothing was done here.
  if (result === 'already paid' || !answer) throw new AppError('TOPUP_NOT_PENDING')
  return answer
}
