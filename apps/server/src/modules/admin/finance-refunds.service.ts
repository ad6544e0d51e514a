// Refunds by a finance operator: the item is locked, the money goes back through the ledger, the
// item is given up (IP released, package closed), and the audit row is written — one transaction.
import type { Refund } from '@proxy/contract/admin/refunds'
import { centsToAmount } from '@proxy/contract/money'
import type { EntryAbout } from '@proxy/contract/wallet/descriptions'
import type { FastifyRequest } from 'fastify'
import { type Db, inTransaction, type Tx } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { moneyContext } from '../idempotency/index.ts'
import { isRefunded, refundToWallet, settled, walletBalance } from '../ledger/index.ts'
import { ordersOfInstance, paidOrder } from '../orders/index.ts'
import { lockInstanceForRefund, releaseInstanceNow } from '../static-ip/index.ts'
import { closePackageNow, lockPackageForRefund } from '../traffic/index.ts'
import { actorOf, recordAudit } from './audit.ts'

const DAY_MS = 24 * 3600 * 1000

/** 409 NOT_REFUNDABLE; `refund` in the details says why, in words a client may match on. */
const notRefundable = (why: string, message = `This item cannot be refunded: ${why}`) =>
  new AppError('NOT_REFUNDABLE', { refund: why }, message)

const alreadyRefunded = () => notRefundable('already refunded', 'This item has already been refunded')

type Part = { orderNo: string; cents: number }

/**
 * What an IP's unused whole days were paid: the newest order (the current term) pays for the last
 * `durationDays` days before expiry, the order before it for the days before those, and so on, each
 * at its own price per day (discounts included), rounded down.
 */
export function unusedDaysValue(
  unusedDays: number,
  terms: { orderNo: string; durationDays: number; unitPrice: number }[],
): Part[] {
  const parts: Part[] = []
  let left = unusedDays
  for (const term of terms) {
    if (left <= 0) break
    const days = Math.min(left, term.durationDays)
    const cents = Math.floor((term.unitPrice * days) / term.durationDays)
    if (cents > 0) parts.push({ orderNo: term.orderNo, cents })
    left -= days
  }
  return parts
}

type Item = {
  action: string
  target: string
  userId: string
  item: string
  /** What the wallet entry says, rendered in the reader's language. */
  about: EntryAbout
  parts: Part[]
  before: Record<string, unknown>
  /** Gives the item up once the money is back; answers its state after, for the audit. */
  giveUp: (tx: Tx) => Promise<Record<string, unknown>>
}

async function refund(
  db: Db,
  request: FastifyRequest,
  reason: string,
  locate: (tx: Tx, now: Date) => Promise<Item>,
): Promise<Refund> {
  const context = moneyContext(request)
  return inTransaction(db, async (tx) => {
    const item = await locate(tx, new Date())
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
      operator: actorOf(request),
      action: item.action,
      target: item.target,
      before: { ...item.before, balance: centsToAmount(balanceBefore) },
      after: { ...after, balance: centsToAmount(balance), refunded: centsToAmount(cents), transactionIds },
      reason,
      ip: request.ip,
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
export function refundStaticIp(db: Db, request: FastifyRequest, id: string, reason: string) {
  return refund(db, request, reason, async (tx, now) => {
    const instance = await lockInstanceForRefund(tx, id)
    if (!instance) throw new AppError('NOT_FOUND')
    const item = `ip:${id}`
    if (await isRefunded(tx, item)) throw alreadyRefunded()
    if (instance.status !== 'active' || instance.expiresAt <= now) throw notRefundable('the IP is not active')
    const unusedDays = Math.floor((instance.expiresAt.getTime() - now.getTime()) / DAY_MS)
    return {
      action: 'refunds.static-ip',
      target: `static-ip:${id}`,
      userId: instance.userId,
      item,
      about: { key: 'refund-static-ip', params: { ip: instance.ip, days: unusedDays } },
      parts: unusedDaysValue(unusedDays, await ordersOfInstance(tx, id)),
      before: { status: instance.status, expiresAt: instance.expiresAt, unusedDays },
      giveUp: async (inner) => ({ status: (await releaseInstanceNow(inner, id, now)).status }),
    }
  })
}

/** Refunds a live traffic package for its unused bytes and closes it. */
export function refundTrafficPackage(db: Db, request: FastifyRequest, id: string, reason: string) {
  return refund(db, request, reason, async (tx, now) => {
    const found = await lockPackageForRefund(tx, id)
    if (!found) throw new AppError('NOT_FOUND')
    const item = `traffic:${id}`
    if (await isRefunded(tx, item)) throw alreadyRefunded()
    if (found.status !== 'active' || found.expiresAt <= now) throw notRefundable('the package is not active')
    const order = await paidOrder(tx, found.orderNo)
    if (!order) throw notRefundable('no order paid for the package')
    const unusedBytes = found.totalBytes - found.usedBytes
    const cents = Number((BigInt(order.unitPrice) * unusedBytes) / found.totalBytes)
    return {
      action: 'refunds.traffic-package',
      target: `traffic-package:${id}`,
      userId: found.userId,
      item,
      about: { key: 'refund-traffic', params: { plan: found.planName, planEn: found.planNameEn } },
      parts: [{ orderNo: order.orderNo, cents }],
      before: { status: found.status, expiresAt: found.expiresAt, unusedBytes: unusedBytes.toString() },
      giveUp: async (inner) => {
        const closed = await closePackageNow(inner, id, now)
        return { status: closed.status, expiresAt: closed.expiresAt, unusedBytes: '0' }
      },
    }
  })
}
