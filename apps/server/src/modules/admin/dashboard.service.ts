// The dashboard: each figure asked of the module that owns its rows (one aggregate query each, run
// together), windows cut at UTC midnight, money turned into dollars here.

import { DASHBOARD_DAYS, type Dashboard, type DashboardWindows } from '@proxy/contract/admin/dashboard'
import { bytesToWire } from '@proxy/contract/bytes'
import { centsToAmount } from '@proxy/contract/money'
import type { Db } from '../../platform/db/client.ts'
import { DOWN_AFTER_MS, nodeStatusCounts } from '../nodes/index.ts'
import { noticesOfKindSince } from '../notices/index.ts'
import { paidOrderCentsByDay } from '../orders/index.ts'
import { AUTO_RENEW_FAILED_NOTICE, stockByRegion } from '../static-ip/index.ts'
import { packageBytesSoldSince, usageBytesSince } from '../traffic/index.ts'
import { creditedTopUpCentsByDay } from '../wallet/index.ts'

const DAY_MS = 86_400_000

const utcMidnight = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()))
const dayOf = (at: Date) => at.toISOString().slice(0, 10)

/** Cents per day → dollars over today, 7 and 30 days (the days are the last 30, oldest first). */
function windowsOf(days: string[], cents: Map<string, number>): DashboardWindows {
  const sumOf = (last: number) =>
    centsToAmount(days.slice(-last).reduce((sum, day) => sum + (cents.get(day) ?? 0), 0))
  return { today: sumOf(1), last7Days: sumOf(7), last30Days: sumOf(DASHBOARD_DAYS) }
}

const byDay = (rows: { day: string; cents: number }[]) => new Map(rows.map((row) => [row.day, row.cents]))

export async function dashboard(db: Db, now = new Date(), downAfterMs = DOWN_AFTER_MS): Promise<Dashboard> {
  const today = utcMidnight(now)
  const daysBack = (count: number) => new Date(today.getTime() - (count - 1) * DAY_MS)
  const since7 = daysBack(7)
  const since30 = daysBack(DASHBOARD_DAYS)
  const days = Array.from({ length: DASHBOARD_DAYS }, (_, index) =>
    dayOf(new Date(since30.getTime() + index * DAY_MS)),
  )

  const [orderRows, topUpRows, regions, soldBytes, usage, nodes, failed] = await Promise.all([
    paidOrderCentsByDay(db, since30),
    creditedTopUpCentsByDay(db, since30),
    stockByRegion(db),
    packageBytesSoldSince(db, since30),
    usageBytesSince(db, since30),
    nodeStatusCounts(db, now, downAfterMs),
    noticesOfKindSince(db, AUTO_RENEW_FAILED_NOTICE, since7),
  ])
  const revenue = byDay(orderRows)
  const topUps = byDay(topUpRows)
  return {
    generatedAt: now.toISOString(),
    timeZone: 'UTC',
    windows: { today: dayOf(today), last7Days: dayOf(since7), last30Days: dayOf(since30) },
    revenue: windowsOf(days, revenue),
    topUps: windowsOf(days, topUps),
    daily: days.map((date) => ({
      date,
      revenue: centsToAmount(revenue.get(date) ?? 0),
      topUps: centsToAmount(topUps.get(date) ?? 0),
    })),
    staticIps: { active: regions.reduce((sum, region) => sum + region.activeIps, 0), regions },
    traffic: {
      soldBytes: bytesToWire(soldBytes),
      usedBytes: bytesToWire(usage.trafficAccountBytes),
      staticIpBytes: bytesToWire(usage.instanceBytes),
    },
    nodes: { ...nodes, downAfterSeconds: Math.round(downAfterMs / 1000) },
    autoRenewals: { failed: failed.notices, instances: failed.items, customers: failed.customers },
  }
}
