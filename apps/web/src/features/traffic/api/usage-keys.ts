// Query keys of the usage feature: one series per range, bucket size, time zone and scope.
export const usageQueryKey = ['proxy', 'traffic-usage'] as const
