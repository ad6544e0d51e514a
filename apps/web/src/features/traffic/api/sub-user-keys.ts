// Query keys of the sub-users: invalidating subUsersQueryKey refreshes the list, each sub-user and its usage.
export const subUsersQueryKey = ['traffic', 'sub-users'] as const
export const subUserUsageQueryKey = (id: string) => [...subUsersQueryKey, id, 'usage'] as const
export const autoStopQueryKey = ['traffic', 'auto-stop'] as const
