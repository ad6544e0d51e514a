// How the nodes page reads times: a heartbeat's age in words ("12 seconds ago", "12 秒钟前"), a push lag
// in the reader's units, and a clock that moves those ages on between two refreshes of the list.
import { useEffect, useState } from 'react'

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
]

/** `iso` relative to `now` in `language`, in the largest whole unit (seconds up to days). */
export const relativeTime = (iso: string, now: number, language: string): string => {
  const seconds = Math.round((Date.parse(iso) - now) / 1000)
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' })
  const [unit, size] = UNITS.find(([, length]) => Math.abs(seconds) >= length) ?? ['second', 1]
  return format.format(Math.trunc(seconds / size), unit)
}

/** Milliseconds as the reader writes a short duration: 850 ms, 12 s, 5 min, 2 h. */
export const formatLag = (ms: number, language: string): string => {
  const [unit, value]: [string, number] =
    ms < 1_000
      ? ['millisecond', ms]
      : ms < 60_000
        ? ['second', ms / 1_000]
        : ms < 3_600_000
          ? ['minute', ms / 60_000]
          : ['hour', ms / 3_600_000]
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: unit === 'second' ? 1 : 0,
  }).format(value)
}

/** The time now, moved on every `everyMs`. */
export const useNow = (everyMs: number): number => {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs)
    return () => clearInterval(timer)
  }, [everyMs])
  return now
}
