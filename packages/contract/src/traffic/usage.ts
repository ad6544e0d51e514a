// Metered usage over time: hourly buckets kept by the node API, summed into hours or local days.
import { z } from 'zod'
import { defineEndpoint } from '../endpoint.ts'
import { instant, text } from '../input.ts'
import { USAGE_MAX_DAYS } from '../wire.ts'

export const USAGE_GRANULARITIES = ['hour', 'day'] as const
export const DEFAULT_USAGE_TIME_ZONE = 'Asia/Shanghai'
export { USAGE_MAX_DAYS }

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/** The range and buckets of every usage query (this one, and a sub-user's). */
export const UsageRange = {
  from: instant(),
  to: instant(),
  granularity: z.enum(USAGE_GRANULARITIES).default('hour'),
  tz: text()
    .max(64)
    .refine(isTimeZone, 'must be an IANA time zone such as Asia/Shanghai')
    .default(DEFAULT_USAGE_TIME_ZONE),
}

/** `to` after `from`, and the span within USAGE_MAX_DAYS of the granularity. */
export function checkUsageSpan(
  query: { from: string; to: string; granularity: (typeof USAGE_GRANULARITIES)[number] },
  context: z.RefinementCtx,
) {
  const span = Date.parse(query.to) - Date.parse(query.from)
  if (!(span > 0)) context.addIssue({ code: 'custom', path: ['to'], message: 'must be after from' })
  else if (span > USAGE_MAX_DAYS[query.granularity] * 86_400_000)
    context.addIssue({
      code: 'custom',
      path: ['to'],
      message: `at most ${USAGE_MAX_DAYS[query.granularity]} days per ${query.granularity} query`,
    })
}

export const UsageQuery = z
  .strictObject({
    ...UsageRange,
    /** One static IP of yours; leave out for a scope. */
    instanceId: z.uuid().optional(),
    scope: z.enum(['all', 'traffic-account']).optional(),
  })
  .superRefine((query, context) => {
    checkUsageSpan(query, context)
    if (query.instanceId && query.scope)
      context.addIssue({ code: 'custom', path: ['scope'], message: 'give instanceId or scope, not both' })
  })
export type UsageQuery = z.infer<typeof UsageQuery>

export const UsagePoint = z.object({
  /** Start of the bucket (an hour, or local midnight in `tz`) as an instant. */
  time: z.iso.datetime(),
  upBytes: z.number().int(),
  downBytes: z.number().int(),
})
export type UsagePoint = z.infer<typeof UsagePoint>

export const UsageSeries = z.object({
  granularity: z.enum(USAGE_GRANULARITIES),
  tz: z.string(),
  /** Every bucket from `from` to `to`, zeros included, oldest first. */
  series: z.array(UsagePoint),
  totals: z.object({ upBytes: z.number().int(), downBytes: z.number().int() }),
})
export type UsageSeries = z.infer<typeof UsageSeries>

export const getTrafficUsage = defineEndpoint({
  method: 'GET',
  path: '/proxy/instances/traffic-usage',
  summary:
    'Bytes up and down per hour or per local day (tz, default Asia/Shanghai) for all your usage, the traffic account, or one static IP',
  tags: ['traffic'],
  scope: 'read',
  query: UsageQuery,
  response: UsageSeries,
})
