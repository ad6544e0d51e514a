// What a credential may still use, worked out from its stored counters on the customer's local day:
// a sub-user's limit (in all, today or this month) and auto-stop cap, and the account login's cap.
// The same figures answer the console (status, bars) and the node pull (capBytes).
import type { SubUserStatus } from '@proxy/contract/traffic/sub-users'
import type { Calendar } from './local-days.ts'

/** A daily cap and the counters it is judged by (sub-user or account login). */
export type DailyCounters = {
  day: string | null
  dayBytes: bigint
  liftedOn: string | null
}

export type SubUserCounters = DailyCounters & {
  usedBytes: bigint
  month: string | null
  monthBytes: bigint
  limitBytes: bigint | null
  limitPeriod: 'total' | 'day' | 'month' | null
  autoStopBytes: bigint | null
  disabledAt: Date | null
}

/** Bytes counted today (the stored day's count is yesterday's once the day turned). */
export const todayBytes = (row: DailyCounters, calendar: Calendar) =>
  row.day === calendar.day ? row.dayBytes : 0n

/** What the daily cap leaves today (≤ 0: paused); undefined without a cap or once lifted today. */
export function autoStopLeft(row: DailyCounters, cap: bigint | null, calendar: Calendar) {
  if (cap === null || row.liftedOn === calendar.day) return undefined
  return cap - todayBytes(row, calendar)
}

export function subUserFigures(row: SubUserCounters, calendar: Calendar) {
  const today = todayBytes(row, calendar)
  const month = row.month === calendar.month ? row.monthBytes : 0n
  const limitUsed = row.limitPeriod === 'day' ? today : row.limitPeriod === 'month' ? month : row.usedBytes
  const limitLeft = row.limitBytes === null ? undefined : row.limitBytes - limitUsed
  const capLeft = autoStopLeft(row, row.autoStopBytes, calendar)
  const isSpent = limitLeft !== undefined && limitLeft <= 0n
  const isPaused = capLeft !== undefined && capLeft <= 0n
  const status: SubUserStatus = row.disabledAt
    ? 'disabled'
    : isSpent
      ? 'spent'
      : isPaused
        ? 'paused'
        : 'active'
  return {
    status,
    today,
    month,
    limitUsed,
    isPaused,
    /** The bytes the nodes may let it use now (undefined: no limit of its own). */
    capBytes: minLeft(limitLeft, capLeft),
    resetsAt:
      row.limitPeriod === 'day' ? calendar.nextDay : row.limitPeriod === 'month' ? calendar.nextMonth : null,
  }
}

/** The smaller of what is left under each cap, never below 0; undefined when neither caps. */
export function minLeft(...lefts: (bigint | undefined)[]): bigint | undefined {
  const capped = lefts.filter((left): left is bigint => left !== undefined)
  if (capped.length === 0) return undefined
  const least = capped.reduce((a, b) => (b < a ? b : a))
  return least > 0n ? least : 0n
}
