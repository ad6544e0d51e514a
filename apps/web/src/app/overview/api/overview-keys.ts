// Query keys of the overview: the summary cards and the notices (reading one changes the unread count).
export const overviewQueryKey = ['user', 'overview'] as const
export const noticesQueryKey = ['user', 'notices'] as const
