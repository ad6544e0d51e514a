import { describe, expect, it } from 'vitest'
import { trafficStat } from './traffic-stat.ts'

describe('trafficStat', () => {
  it('offers traffic to a customer who never bought any, without a warning', () => {
    expect(trafficStat({ trafficAccountStatus: 'disabled', hasTrafficPackages: false })).toEqual({
      to: '/console/buyTrafficFlow',
      note: 'stats.trafficNone',
      isAlert: false,
    })
  })

  it('warns that the account is paused once the bought traffic is gone', () => {
    expect(trafficStat({ trafficAccountStatus: 'disabled', hasTrafficPackages: true })).toEqual({
      to: '/console/trafficFlowPackList',
      note: 'stats.accountStatus.disabled',
      isAlert: true,
    })
  })

  it('says the account is active while traffic is left', () => {
    expect(trafficStat({ trafficAccountStatus: 'enabled', hasTrafficPackages: true })).toMatchObject({
      note: 'stats.accountStatus.enabled',
      isAlert: false,
    })
  })
})
