// The date filter of the billing records: whole local days, sent as [from, to) instants with the offset.
import dayjs, { type Dayjs } from 'dayjs'
import { toLocalIsoString } from './format-date.ts'

/** First and last day, both included, as YYYY-MM-DD (what the RangePicker's dates format to). */
export type DayRange = { first: string; last: string }
export type InstantRange = { from: string; to: string }

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** Local midnight of a YYYY-MM-DD day; none for another shape or a day the calendar lacks (2025-02-30). */
const parseDay = (day: string): Dayjs | null => {
  if (!DAY.test(day)) return null
  const start = dayjs(day)
  return start.isValid() && start.format('YYYY-MM-DD') === day ? start : null
}

/**
 * from = local start of the first day, to = local start of the day after the last (the server's `to` is
 * exclusive). dayjs adds a calendar day, not 24 h, so days around a DST change stay whole.
 */
export const dayRangeToInstants = (range: DayRange | null): InstantRange | null => {
  if (!range) return null
  const first = parseDay(range.first)
  const last = parseDay(range.last)
  if (!first || !last) return null
  const [start, end] = range.first <= range.last ? [first, last] : [last, first]
  return {
    from: toLocalIsoString(start.toDate()),
    to: toLocalIsoString(end.add(1, 'day').toDate()),
  }
}
