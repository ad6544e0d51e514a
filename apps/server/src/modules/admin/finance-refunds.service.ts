// Refunds by a finance operator, one transaction: the product locks and values its item (static-ip,
// traffic), the money goes back through the ledger, the product gives the item up (IP released,
// package closed), the audit row is written, and the request is settled under its Idempotency-Key.
import type { Refund } from '@proxy/contract/admin/refunds'
import { centsToAmount } from '@proxy/contract/money'
import { type Db, inTransaction, type Tx } from '../../platform/db/client.ts'
import { claimed, type MoneyContext, settled } from '../idempotency/index.ts'
import { notRefundable, type Refundable, refundToWallet, walletBalance } from '../ledger/index.ts'
import { staticIpRefund } from '../static-ip/index.ts'
import { trafficPackageRefund } from '../traffic/index.ts'
import { type Actor, recordAudit } from './audit.ts'

type Refunded = {
  /** What the audit log names the action and the item. */
  action: string
  target: string
  /** The product's function that locks and values the item. */
  value: (tx: Tx, id: string, now: Date) => Promise<Refundable>
}

async function refund(
  db: Db,
  actor: Actor,
  context: MoneyContext,
  id: string,
  reason: string,
  { action, target, value }: Refunded,
): Promise<Refund> {
  return inTransaction(db, async (tx) => {
    await claimed(tx, context)
    const item = await value(tx, id, new Date())
    const cents = item.parts.reduce((sum, part) => sum + part.cents, 0)
    if (cents <= 0) throw notRefundable('nothing unused is left')
    const balanceBefore = await walletBalance(tx, item.userId)
    const transactionIds: string[] = []
    for (const part of item.parts) {
      const { transactionId } = await refundToWallet(
        tx,
        {
          userId: item.userId,
          orderNo: part.orderNo,
          item: item.item,
          amount: part.cents,
          about: item.about,
        },
        context,
      )
      transactionIds.push(transactionId)
    }
    const after = await item.giveUp(tx)
    const balance = await walletBalance(tx, item.userId)
    await recordAudit(tx, {
      operator: actor,
      action,
      target,
      before: { ...item.before, balance: centsToAmount(balanceBefore) },
      after: { ...after, balance: centsToAmount(balance), refunded: centsToAmount(cents), transactionIds },
      reason,
      ip: actor.ip,
    })
    return settled(tx, context, {
      amount: centsToAmount(cents),
      balance: centsToAmount(balance),
      customerId: item.userId,
      transactionIds,
    })
  })
}

/** Refunds a live static IP for its unused whole days and releases it; its address cools down. */
export const refundStaticIp = (db: Db, actor: Actor, context: MoneyContext, id: string, reason: string) =>
  refund(db, actor, context, id, reason, {
    action: 'refunds.static-ip',
    target: `static-ip:${id}`,
    value: staticIpRefund,
  })

/** Refunds a live traffic package for its unused bytes and closes it. */
export const refundTrafficPackage = (
  db: Db,
  actor: Actor,
  context: MoneyContext,
  id: string,
  reason: string,
) =>
  refund(db, actor, context, id, reason, {
    action: 'refunds.traffic-package',
    target: `traffic-package:${id}`,
    value: trafficPackageRefund,
  })
