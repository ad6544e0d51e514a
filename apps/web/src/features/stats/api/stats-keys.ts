// Query keys of the statistics feature.
export const statsQueryKey = ['proxy', 'stats'] as const
export const statsSettingsQueryKey = [...statsQueryKey, 'settings'] as const
