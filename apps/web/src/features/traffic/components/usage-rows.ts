// Buckets as the table and the CSV show them: a fixed local timestamp, bytes up, down and their sum.
import type { UsagePoint } from '@proxy/contract/traffic/usage'
import { toCsv } from '../../../shared/lib/csv.ts'
import { formatBucketTime } from '../../../shared/lib/format-date.ts'
import type { Granularity } from './usage-range.ts'

export type UsageRow = {
  time: string
  startsAt: string
  upBytes: number
  downBytes: number
  totalBytes: number
  /** Set on a row that stands for this many consecutive hours without traffic (see collapseIdleHours). */
  idleHours?: number
}

/** Buckets that have begun by `now`: the range runs to the end of today, and later hours are no history yet. */
export const startedBuckets = (series: UsagePoint[], now: number): UsagePoint[] =>
  series.filter((point) => Date.parse(point.time) <= now)

/** Rows in the series' order (oldest first). */
export const usageRows = (series: UsagePoint[], granularity: Granularity, tz: string): UsageRow[] =>
  series.map((point) => ({
    time: formatBucketTime(point.time, granularity, tz),
    startsAt: point.time,
    upBytes: point.upBytes,
    downBytes: point.downBytes,
    totalBytes: point.upBytes + point.downBytes,
  }))

const HOUR_MS = 3_600_000
/** A run of zero hours this long or longer shows as one row. */
export const IDLE_RUN_MIN = 3

const idleRow = (run: UsageRow[], tz: string): UsageRow => {
  const first = run[0] as UsageRow
  const last = run[run.length - 1] as UsageRow
  const end = formatBucketTime(new Date(Date.parse(last.startsAt) + HOUR_MS).toISOString(), 'hour', tz)
  const [startDay] = first.time.split(' ')
  const [endDay, endHour] = end.split(' ')
  return {
    time: `${first.time}\u2013${endDay === startDay ? endHour : end}`,
    startsAt: first.startsAt,
    upBytes: 0,
    downBytes: 0,
    totalBytes: 0,
    idleHours: run.length,
  }
}

/**
 * Hourly rows (oldest first) with every run of IDLE_RUN_MIN or more hours without traffic folded into one row,
 * "2025-03-14 03:00–09:00"; shorter runs stay as they are. The CSV keeps every hour.
 */
export const collapseIdleHours = (rows: UsageRow[], tz: string, minRun = IDLE_RUN_MIN): UsageRow[] => {
  const out: UsageRow[] = []
  let run: UsageRow[] = []
  const flush = () => {
    if (run.length >= minRun) out.push(idleRow(run, tz))
    else out.push(...run)
    run = []
  }
  for (const row of rows) {
    if (row.totalBytes === 0) run.push(row)
    else {
      flush()
      out.push(row)
    }
  }
  flush()
  return out
}

export type CsvHeaders = { time: string; up: string; down: string; total: string }

/** Exact byte counts, oldest bucket first, headers in the reader language. */
export const usageCsv = (rows: UsageRow[], headers: CsvHeaders): string =>
  toCsv([
    [headers.time, headers.up, headers.down, headers.total],
    ...rows.map((row) => [row.time, row.upBytes, row.downBytes, row.totalBytes]),
  ])

export const usageCsvFileName = (first: string, last: string): string =>
  first === last ? `traffic-usage-${first}.csv` : `traffic-usage-${first}_${last}.csv`
