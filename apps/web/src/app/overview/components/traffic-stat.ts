// What the traffic card says: before the first package there is nothing to warn about, only an offer to buy.
import type { OverviewSummary } from '@proxy/contract/overview/endpoints'

export type TrafficStat = {
  to: string
  note: 'stats.trafficNone' | 'stats.accountStatus.enabled' | 'stats.accountStatus.disabled'
  isAlert: boolean
}

export const trafficStat = (
  summary: Pick<OverviewSummary, 'trafficAccountStatus' | 'hasTrafficPackages'>,
): TrafficStat => {
  if (!summary.hasTrafficPackages)
    return { to: '/console/buyTrafficFlow', note: 'stats.trafficNone', isAlert: false }
  return {
    to: '/console/trafficFlowPackList',
    note: `stats.accountStatus.${summary.trafficAccountStatus}`,
    isAlert: summary.trafficAccountStatus === 'disabled',
  }
}
