// The date filter of the billing records: whole local days, sent as [from, to) instants with the offset.
import { toLocalIsoString } from './format-date.ts'

/** First and last day, both included, as YYYY-MM-DD (what the RangePicker's dates format to). */
export type DayRange = { first: string; last: string }
export type InstantRange = { from: string; to: string }

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

const parseDay = (day: string): [number, number, number] | null => {
  const match = DAY.exec(day)
  if (!match) return null
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const check = new Date(year, month - 1, date)
  if (check.getFullYear() !== year || check.getMonth() !== month - 1 || check.getDate() !== date) return null
  return [year, month - 1, date]
}

/**
 * from = local start of the first day, to = local start of the day after the last (the server's `to` is
 * exclusive). Built from calendar fields, not by adding 24 h, so days around a DST change stay whole.
 */
export const dayRangeToInstants = (range: DayRange | null): InstantRange | null => {
  if (!range) return null
  const first = parseDay(range.first)
  const last = parseDay(range.last)
  if (!first || !last) return null
  const [start, end] = range.first <= range.last ? [first, last] : [last, first]
  return {
    from: toLocalIsoString(new Date(start[0], start[1], start[2])),
    to: toLocalIsoString(new Date(end[0], end[1], end[2] + 1)),
  }
}
