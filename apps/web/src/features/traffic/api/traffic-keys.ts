// Query keys of the traffic feature: invalidating trafficQueryKey refreshes packages and the account at once.
export const trafficPlansQueryKey = ['catalog', 'traffic-plans'] as const
export const trafficQueryKey = ['traffic'] as const
export const trafficPackagesQueryKey = [...trafficQueryKey, 'packages'] as const
export const trafficAccountQueryKey = [...trafficQueryKey, 'account'] as const
