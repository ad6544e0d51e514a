// The overview cards in one answer: a handful of indexed counts rather than five list calls.
import { bytesToWire } from '@proxy/contract/bytes'
import { centsToAmount } from '@proxy/contract/money'
import { OVERVIEW_EXPIRING_DAYS, type OverviewSummary } from '@proxy/contract/overview/endpoints'
import type { Db } from '../../platform/db/client.ts'
import { walletBalance } from '../ledger/index.ts'
import { unreadCount } from '../notices/index.ts'
import { instanceCounts } from '../static-ip/index.ts'
import { hasBoughtTraffic, remainingBytes } from '../traffic/index.ts'

export async function overviewSummary(db: Db, userId: string): Promise<OverviewSummary> {
  const [balance, instances, unread, trafficRemainingBytes, hasTrafficPackages] = await Promise.all([
    walletBalance(db, userId),
    instanceCounts(db, userId, OVERVIEW_EXPIRING_DAYS),
    unreadCount(db, userId),
    remainingBytes(db, userId),
    hasBoughtTraffic(db, userId),
  ])
  return {
    balance: centsToAmount(balance),
    activeInstances: instances.active,
    expiringInstances: instances.expiring,
    trafficRemainingBytes: bytesToWire(trafficRemainingBytes),
    trafficAccountStatus: trafficRemainingBytes > 0n ? 'enabled' : 'disabled',
    hasTrafficPackages,
    unreadNotices: unread,
  }
}
