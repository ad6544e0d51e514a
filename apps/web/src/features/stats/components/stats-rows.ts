// Buckets as the table shows them: a local time label, the counts, and only the buckets where something happened.
import type { TunnelStatsPoint } from '@proxy/contract/stats/endpoints'
import { TUNNEL_FAILURE_REASONS } from '@proxy/contract/stats/reasons'
import { formatBucketTime } from '../../../shared/lib/format-date.ts'
import type { StatsGranularity } from './stats-range.ts'

export type StatsRow = TunnelStatsPoint & { label: string }

/** Newest first, without buckets where nothing opened and nothing was open. */
export const activeRows = (
  series: TunnelStatsPoint[],
  granularity: StatsGranularity,
  tz: string,
): StatsRow[] =>
  series
    .filter((point) => point.opened > 0 || point.peakConcurrent > 0)
    .map((point) => ({ ...point, label: formatBucketTime(point.time, granularity, tz) }))
    .reverse()

/** Share of tunnels that succeeded, in percent with one decimal; null when none opened. */
export const successRate = (point: Pick<TunnelStatsPoint, 'opened' | 'succeeded'>): number | null =>
  point.opened === 0 ? null : Math.round((point.succeeded / point.opened) * 1000) / 10

/** The reasons that happened, most frequent first. */
export const reasonsOf = (point: Pick<TunnelStatsPoint, 'failures'>) =>
  TUNNEL_FAILURE_REASONS.map((reason) => ({ reason, count: point.failures[reason] }))
    .filter((entry) => entry.count > 0)
    .sort((a, b) => b.count - a.count)
