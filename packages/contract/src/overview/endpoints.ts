// One call for the overview cards, so the dashboard paints without a waterfall of list calls.
import { z } from 'zod'
import { defineEndpoint } from '../endpoint.ts'

export { OVERVIEW_EXPIRING_DAYS } from '../wire.ts'

export const OverviewSummary = z.object({
  balance: z.number(),
  activeInstances: z.number().int(),
  /** Active static IPs whose time ends within OVERVIEW_EXPIRING_DAYS. */
  expiringInstances: z.number().int(),
  trafficRemainingBytes: z.number().int(),
  trafficAccountStatus: z.enum(['enabled', 'disabled']),
  /** Whether the customer ever bought a traffic package (before the first, a disabled account is no news). */
  hasTrafficPackages: z.boolean(),
  unreadNotices: z.number().int(),
})
export type OverviewSummary = z.infer<typeof OverviewSummary>

export const getOverview = defineEndpoint({
  method: 'GET',
  path: '/user/overview',
  summary: 'Balance, active and expiring static IPs, remaining traffic and unread notices',
  tags: ['user'],
  scope: 'read',
  response: OverviewSummary,
})
