// Tunnel statistics as a node pushes them, inside the traffic push (so they share its reportId and
// its idempotency): per credential and UTC hour, tunnels that succeeded, failures by reason and the
// peak of tunnels open at once; per hour, wrong logins that named no credential. Destination host
// names travel only for customers who keep top destinations (the pull's `keepDestinations`).
import { z } from 'zod'
import { TUNNEL_FAILURE_REASONS, type TunnelFailureReason } from '../stats/reasons.ts'

export { TUNNEL_FAILURE_REASONS, type TunnelFailureReason }

/** A count the server stores per bucket. */
const Count = z.number().int().min(0).max(2_147_483_647)

/** Only the reasons that happened are sent. */
export const TunnelFailures = z.strictObject(
  Object.fromEntries(TUNNEL_FAILURE_REASONS.map((reason) => [reason, Count.optional()])) as Record<
    TunnelFailureReason,
    z.ZodOptional<typeof Count>
  >,
)
export type TunnelFailures = z.infer<typeof TunnelFailures>

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/
/**
 * The start of a UTC hour as an ISO 8601 instant (`2026-11-29T08:00:00.000Z`). Checked by a refinement,
 * not a pattern: the API fuzz takes every string with a pattern for an id field.
 */
export const HourStart = z
  .string()
  .max(30)
  .refine(
    (value) => ISO_INSTANT.test(value) && Date.parse(value) % 3_600_000 === 0,
    'must be the start of a UTC hour, e.g. 2026-11-29T08:00:00.000Z',
  )

/** A destination host name as the client asked for it, lower-cased (never an IP literal, never a path). */
const HOST_NAME = /^[a-z0-9_-]+(\.[a-z0-9_-]+)*\.?$/
export const DestinationHost = z
  .string()
  .min(1)
  .max(253)
  // Labels of letters, digits, '-' and '_'; all digits and dots is an IPv4 literal, not a name.
  .refine((name) => HOST_NAME.test(name) && /[a-z_-]/.test(name), 'a lower-case host name, not an IP address')

export const DESTINATIONS_MAX_PER_SUBJECT = 100
export const TUNNEL_STATS_MAX_SUBJECTS = 1_000
/** Host names per push, all credentials together (a flat list keeps a push's size linear). */
export const DESTINATIONS_MAX_PER_REPORT = 1_000
/** Node-wide entries (one per hour): a push covers at most a couple of days of spooled hours. */
export const TUNNEL_STATS_MAX_NODE_HOURS = 72

/** The credential kinds statistics are kept for (a new kind of credential is one more name here). */
export const StatsSubjectKind = z.enum(['instance', 'traffic-account', 'sub-user'])
export type StatsSubjectKind = z.infer<typeof StatsSubjectKind>

export const SubjectTunnelStats = z.strictObject({
  hour: HourStart,
  kind: StatsSubjectKind,
  id: z.uuid(),
  succeeded: Count,
  failures: TunnelFailures,
  /** The most tunnels open at once node-wide, sampled each second, within the part of the hour this covers. */
  peakOpen: Count,
})
export type SubjectTunnelStats = z.infer<typeof SubjectTunnelStats>

export const NodeTunnelStats = z.strictObject({
  hour: HourStart,
  /** Logins whose username named no credential this node serves. */
  authentication: Count,
})
export type NodeTunnelStats = z.infer<typeof NodeTunnelStats>

/** Tunnels to one host name for one credential in one hour (only for customers who keep destinations). */
export const DestinationTunnels = z.strictObject({
  hour: HourStart,
  kind: StatsSubjectKind,
  id: z.uuid(),
  host: DestinationHost,
  tunnels: Count,
  failed: Count,
})
export type DestinationTunnels = z.infer<typeof DestinationTunnels>

export const TunnelStatsReport = z.strictObject({
  subjects: z.array(SubjectTunnelStats).max(TUNNEL_STATS_MAX_SUBJECTS),
  node: z.array(NodeTunnelStats).max(TUNNEL_STATS_MAX_NODE_HOURS),
  /** The most tunnelled-to host names of each credential (at most DESTINATIONS_MAX_PER_SUBJECT per hour). */
  destinations: z.array(DestinationTunnels).max(DESTINATIONS_MAX_PER_REPORT).optional(),
})
export type TunnelStatsReport = z.infer<typeof TunnelStatsReport>
