// The statistics page's controls as the address keeps them (?range=7d&subject=instance:…) and the query they
// make: the last hours up to the end of this hour, or whole local days up to the end of today.
import dayjs from 'dayjs'
import { toLocalIsoString } from '../../../shared/lib/format-date.ts'

export const STATS_RANGES = ['24h', '7d', '30d', '90d'] as const
export type StatsRange = (typeof STATS_RANGES)[number]
export const DEFAULT_RANGE: StatsRange = '24h'

export type StatsGranularity = 'hour' | 'day'
/** Hours for a day or a week (168 buckets at most), days beyond. */
const SPANS: Record<StatsRange, { days: number; granularity: StatsGranularity }> = {
  '24h': { days: 1, granularity: 'hour' },
  '7d': { days: 7, granularity: 'hour' },
  '30d': { days: 30, granularity: 'day' },
  '90d': { days: 90, granularity: 'day' },
}

export type StatsControls = { range: StatsRange; subject: string }
export type StatsRequest = {
  from: string
  to: string
  granularity: StatsGranularity
  tz: string
  subject: string
}

const SUBJECT =
  /^(account|traffic-account|instance:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i

export const readStatsControls = (params: URLSearchParams): StatsControls => {
  const range = params.get('range')
  const subject = params.get('subject') ?? ''
  return {
    range: STATS_RANGES.find((option) => option === range) ?? DEFAULT_RANGE,
    subject: SUBJECT.test(subject) ? subject : 'account',
  }
}

export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'

/** The query for these controls at `now`: stable for a whole hour (or day), so the cache serves repeats. */
export const statsRequest = (controls: StatsControls, now: Date, tz: string): StatsRequest => {
  const { days, granularity } = SPANS[controls.range]
  const end =
    granularity === 'hour'
      ? dayjs(now).startOf('hour').add(1, 'hour')
      : dayjs(now).startOf('day').add(1, 'day')
  const start = granularity === 'hour' ? end.subtract(days * 24, 'hour') : end.subtract(days, 'day')
  return {
    from: toLocalIsoString(start.toDate()),
    to: toLocalIsoString(end.toDate()),
    granularity,
    tz,
    subject: controls.subject,
  }
}
