// Request statistics per credential: tunnels that succeeded and failed (with the reason) per hour or
// local day, and the peak of tunnels open at once, for the whole account, the traffic account or one
// static IP; and, only for customers who turn it on, the destinations they reached most.
import { z } from 'zod'
import { defineEndpoint } from '../endpoint.ts'
import { instant } from '../input.ts'
import { TUNNEL_FAILURE_REASONS, type TunnelFailureReason } from '../nodes/tunnel-stats.ts'
import { checkUsageSpan, UsageRange } from '../traffic/usage.ts'

export { TUNNEL_FAILURE_REASONS, type TunnelFailureReason }

/** How long hourly statistics are kept, and host names (when kept at all). */
export const TUNNEL_STATS_RETENTION_DAYS = 90
export const DESTINATIONS_RETENTION_DAYS = 7
export const TOP_DESTINATIONS = 20

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}'
/**
 * Whose statistics: `account` (everything of yours), `traffic-account` (its own login), `instance:<id>`
 * for one static IP, or `sub-user:<id>` for one sub-user. A further kind of credential is `<kind>:<id>`.
 */
export const StatsSubject = z
  .string()
  .regex(
    new RegExp(`^(account|traffic-account|(instance|sub-user):${UUID})$`),
    'account, traffic-account, instance:<id> or sub-user:<id>',
  )

export const TunnelStatsQuery = z
  .strictObject({ ...UsageRange, subject: StatsSubject.default('account') })
  .superRefine(checkUsageSpan)
export type TunnelStatsQuery = z.infer<typeof TunnelStatsQuery>

const Count = z.number().int().min(0)
export const FailureCounts = z.object(
  Object.fromEntries(TUNNEL_FAILURE_REASONS.map((reason) => [reason, Count])) as Record<
    TunnelFailureReason,
    typeof Count
  >,
)
export type FailureCounts = z.infer<typeof FailureCounts>

export const TunnelStatsFigures = z.object({
  /** Tunnels asked for: succeeded + failed. */
  opened: Count,
  succeeded: Count,
  failed: Count,
  failures: FailureCounts,
  /**
   * The most tunnels open at once: per node, the largest sum over its workers sampled each second;
   * several nodes' peaks in one hour are added up. A day's is its busiest hour's.
   */
  peakConcurrent: Count,
})
export type TunnelStatsFigures = z.infer<typeof TunnelStatsFigures>

export const TunnelStatsPoint = TunnelStatsFigures.extend({
  /** Start of the bucket (a UTC hour, or local midnight in `tz`) as an instant. */
  time: z.iso.datetime(),
})
export type TunnelStatsPoint = z.infer<typeof TunnelStatsPoint>

export const TunnelStatsSeries = z.object({
  granularity: z.enum(['hour', 'day']),
  tz: z.string(),
  subject: z.string(),
  /** Every bucket from `from` to `to`, zeros included, oldest first. */
  series: z.array(TunnelStatsPoint),
  totals: TunnelStatsFigures,
})
export type TunnelStatsSeries = z.infer<typeof TunnelStatsSeries>

export const StatsSubjectItem = z.object({
  subject: z.string(),
  kind: z.enum(['account', 'traffic-account', 'instance', 'sub-user']),
  /** For a static IP: `ip:port`. */
  address: z.string().nullable(),
  /** For a static IP: its line name; for a sub-user: its username. */
  name: z.string().nullable(),
})
export type StatsSubjectItem = z.infer<typeof StatsSubjectItem>

export const StatsSettings = z.strictObject({
  /** Count tunnels per destination host name (never an IP, never a path), kept 7 days. Off by default. */
  keepDestinations: z.boolean(),
})
export type StatsSettings = z.infer<typeof StatsSettings>

export const DestinationsQuery = z
  .strictObject({ from: instant(), to: instant(), subject: StatsSubject.default('account') })
  .refine((query) => Date.parse(query.to) > Date.parse(query.from), {
    path: ['to'],
    message: 'must be after from',
  })
export type DestinationsQuery = z.infer<typeof DestinationsQuery>

export const TopDestinations = z.object({
  keepDestinations: z.boolean(),
  /** The most tunnelled-to host names first (at most TOP_DESTINATIONS); empty while keeping is off. */
  items: z.array(z.object({ host: z.string(), tunnels: Count, failed: Count })),
})
export type TopDestinations = z.infer<typeof TopDestinations>

const tags = ['stats'] as const

export const getTunnelStats = defineEndpoint({
  method: 'GET',
  path: '/proxy/stats/tunnels',
  summary:
    'Tunnels that succeeded and failed (by reason) and the peak open at once, per hour or local day, for your account, traffic account or one static IP (kept 90 days)',
  tags,
  scope: 'read',
  query: TunnelStatsQuery,
  response: TunnelStatsSeries,
})

export const listStatsSubjects = defineEndpoint({
  method: 'GET',
  path: '/proxy/stats/subjects',
  summary: 'What statistics can be shown for: the whole account, the traffic account and each static IP',
  tags,
  scope: 'read',
  response: z.object({ items: z.array(StatsSubjectItem) }),
})

export const getTopDestinations = defineEndpoint({
  method: 'GET',
  path: '/proxy/stats/destinations',
  summary: 'The host names your tunnels went to most (only while "keep top destinations" is on; kept 7 days)',
  tags,
  scope: 'read',
  query: DestinationsQuery,
  response: TopDestinations,
})

export const getStatsSettings = defineEndpoint({
  method: 'GET',
  path: '/proxy/stats/settings',
  summary: 'Whether top destinations are kept',
  tags,
  scope: 'read',
  response: StatsSettings,
})

export const updateStatsSettings = defineEndpoint({
  method: 'PUT',
  path: '/proxy/stats/settings',
  summary: 'Turn "keep top destinations" on or off; off deletes the host names kept so far',
  tags,
  scope: 'manage',
  body: StatsSettings,
  response: StatsSettings,
})
