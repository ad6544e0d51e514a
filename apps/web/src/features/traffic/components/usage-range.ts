// The usage page's controls as the address keeps them (?range=30d&granularity=hour&scope=…) and the query they
// make: whole local days sent as [from, to) instants with their offset, in the browser's time zone.
import type { UsageQuery } from '@proxy/contract/traffic/usage'
import { USAGE_MAX_DAYS } from '@proxy/contract/wire'
import { type DayRange, dayRangeToInstants } from '../../../shared/lib/date-range.ts'
import { pickOption } from '../../../shared/lib/list-params.ts'

export const RANGE_PRESETS = ['today', '7d', '30d', 'custom'] as const
export type RangePreset = (typeof RANGE_PRESETS)[number]
export const DEFAULT_PRESET: RangePreset = '7d'

export const GRANULARITIES = ['hour', 'day'] as const
export type Granularity = (typeof GRANULARITIES)[number]

export type UsageScope =
  | { kind: 'all' }
  | { kind: 'traffic-account' }
  | { kind: 'instance'; instanceId: string }

export type UsageControls = {
  preset: RangePreset
  days: DayRange
  granularity: Granularity
  isHourAllowed: boolean
  scope: UsageScope
}

export type UsageRequest = {
  from: string
  to: string
  granularity: Granularity
  tz: string
  instanceId?: string
  scope?: NonNullable<UsageQuery['scope']>
}

const DAY_MS = 86_400_000
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const pad = (value: number, length = 2) => String(value).padStart(length, '0')

/** A local date as YYYY-MM-DD. */
export const toDay = (date: Date): string =>
  `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`

/** Calendar arithmetic (not 24-hour steps), so a DST change never skips or repeats a day. */
export const addDays = (day: string, days: number): string => {
  const [year, month, date] = day.split('-').map(Number)
  return toDay(new Date(year ?? 0, (month ?? 1) - 1, (date ?? 1) + days))
}

/** The days a preset covers, today included. */
export const presetDays = (preset: Exclude<RangePreset, 'custom'>, today: string): DayRange => {
  const back = { today: 0, '7d': 6, '30d': 29 }[preset]
  return { first: addDays(today, -back), last: today }
}

/** Whether the server accepts this range at this bucket size (it measures the span in hours, DST included). */
export const fitsGranularity = (days: DayRange, granularity: Granularity): boolean => {
  const instants = dayRangeToInstants(days)
  if (!instants || days.first > days.last) return false
  return Date.parse(instants.to) - Date.parse(instants.from) <= USAGE_MAX_DAYS[granularity] * DAY_MS
}

/** Calendar days that cannot be picked: after today, or too far from the first day chosen (`from`). */
export const isDayDisabled = (day: string, today: string, from: string | undefined): boolean => {
  if (day > today) return true
  if (!from) return false
  return !fitsGranularity(day < from ? { first: day, last: from } : { first: from, last: day }, 'day')
}

/** Hours for a single day, days for anything longer. */
export const defaultGranularity = (days: DayRange): Granularity => (days.first === days.last ? 'hour' : 'day')

/** The asked-for bucket size when the range allows it, else days. */
export const resolveGranularity = (requested: Granularity | undefined, days: DayRange): Granularity => {
  const wanted = requested ?? defaultGranularity(days)
  return wanted === 'hour' && !fitsGranularity(days, 'hour') ? 'day' : wanted
}

const readCustomDays = (params: URLSearchParams): DayRange | null => {
  const days = { first: params.get('start') ?? '', last: params.get('end') ?? '' }
  return fitsGranularity(days, 'day') ? days : null
}

const readScope = (params: URLSearchParams): UsageScope => {
  const instanceId = params.get('instanceId')
  if (instanceId && UUID.test(instanceId)) return { kind: 'instance', instanceId }
  return params.get('scope') === 'traffic-account' ? { kind: 'traffic-account' } : { kind: 'all' }
}

/** The controls an address describes; anything missing, unknown or out of bounds falls back to the default. */
export const readUsageControls = (params: URLSearchParams, today: string): UsageControls => {
  const asked = pickOption(params.get('range'), RANGE_PRESETS) ?? DEFAULT_PRESET
  const custom = asked === 'custom' ? readCustomDays(params) : null
  const preset = asked === 'custom' && !custom ? DEFAULT_PRESET : asked
  const days = custom ?? presetDays(preset === 'custom' ? DEFAULT_PRESET : preset, today)
  return {
    preset,
    days,
    granularity: resolveGranularity(pickOption(params.get('granularity'), GRANULARITIES), days),
    isHourAllowed: fitsGranularity(days, 'hour'),
    scope: readScope(params),
  }
}

/** Address changes for a new preset: custom keeps the days on screen; a preset goes back to its own bucket size. */
export const presetChanges = (preset: RangePreset, current: DayRange) =>
  preset === 'custom'
    ? { range: 'custom', start: current.first, end: current.last }
    : { range: preset === DEFAULT_PRESET ? null : preset, start: null, end: null, granularity: null }

/** Address changes for days picked in the calendar (a bucket size the new range cannot take is dropped). */
export const customDaysChanges = (days: DayRange, granularity: Granularity) => ({
  range: 'custom',
  start: days.first,
  end: days.last,
  granularity: resolveGranularity(granularity, days) === defaultGranularity(days) ? null : granularity,
})

export const granularityChanges = (granularity: Granularity, days: DayRange) => ({
  granularity: granularity === defaultGranularity(days) ? null : granularity,
})

export const scopeChanges = (scope: UsageScope) => ({
  scope: scope.kind === 'traffic-account' ? 'traffic-account' : null,
  instanceId: scope.kind === 'instance' ? scope.instanceId : null,
})

/** The query for the API (the days come from readUsageControls or presetDays, so they always make a range). */
export const usageRequest = (
  { days, granularity, scope }: Pick<UsageControls, 'days' | 'granularity' | 'scope'>,
  tz: string,
): UsageRequest => {
  const instants = dayRangeToInstants(days)
  if (!instants) throw new Error(`Not a range of days: ${days.first}..${days.last}`)
  return {
    ...instants,
    granularity,
    tz,
    ...(scope.kind === 'instance' ? { instanceId: scope.instanceId } : {}),
    ...(scope.kind === 'traffic-account' ? { scope: 'traffic-account' as const } : {}),
  }
}

/** The browser's IANA time zone (the one `from`/`to` offsets are written in). */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone
