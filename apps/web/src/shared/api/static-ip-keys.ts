// Query keys of the static-IP feature: invalidating instancesQueryKey refreshes every list page and detail.
export const catalogQueryKey = ['catalog', 'static-ip'] as const
export const instancesQueryKey = ['proxy', 'instances'] as const
export const instanceQueryKey = (id: string) => [...instancesQueryKey, 'detail', id] as const
export const ordersQueryKey = ['orders'] as const
export const ipWhitelistQueryKey = ['user', 'ip-whitelist'] as const
