// Alert rules: a condition on the customer's traffic, wallet, static IPs or sub-users that a job
// watches every minute, told by mail and/or webhook once each time it becomes true (it re-arms when it clears).
import { z } from 'zod'
import { defineEndpoint } from '../endpoint.ts'
import { text } from '../input.ts'
import { Amount } from '../money.ts'
import { IdParams } from '../user/endpoints.ts'

const tags = ['alerts'] as const

export const ALERT_RULES_MAX = 20
export const ALERT_NAME_MAX_LENGTH = 60
/** How often the job looks at every enabled rule. */
export const ALERT_CHECK_SECONDS = 60
export const ALERT_DAYS_MAX = 90
export const ALERT_AMOUNT_MAX = 1_000_000

// One branch per condition. A new condition is a branch here, an entry in the server's registry
// (apps/server/src/modules/alerts/conditions.ts) and its labels in the console's `alerts` texts.
const TrafficLeftBytes = z.strictObject({
  kind: z.literal('traffic-left-bytes'),
  /** Fires when the bytes left in the live traffic packages fall below this. */
  bytes: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
})
const TrafficLeftPercent = z.strictObject({
  kind: z.literal('traffic-left-percent'),
  /** Fires when what is left falls below this share of the live packages' size (no live package: 0 %). */
  percent: z.number().int().min(1).max(99),
})
const WalletBelow = z.strictObject({
  kind: z.literal('wallet-below'),
  /** Fires when the wallet balance, in dollars, falls below this. */
  amount: Amount.refine((value) => value >= 0.01 && value <= ALERT_AMOUNT_MAX, {
    message: `between 0.01 and ${ALERT_AMOUNT_MAX}`,
  }),
})
const StaticIpsExpiring = z.strictObject({
  kind: z.literal('static-ips-expiring'),
  /** Fires when an active static IP without auto-renew expires within this many days. */
  days: z.number().int().min(1).max(ALERT_DAYS_MAX),
})
const SubUserShare = z.strictObject({
  kind: z.literal('sub-user-share'),
  /** The sub-user watched; omitted: each of your sub-users, told one by one (the event names which). */
  subUserId: z.uuid().optional(),
  /**
   * Fires when a sub-user has used this share of its byte limit in the current period (in all, this
   * local day or month); again in a new period or under a changed limit. No limit: never fires.
   */
  percent: z.number().int().min(1).max(100),
})

export const AlertCondition = z.discriminatedUnion('kind', [
  TrafficLeftBytes,
  TrafficLeftPercent,
  WalletBelow,
  StaticIpsExpiring,
  SubUserShare,
])
export type AlertCondition = z.infer<typeof AlertCondition>
export type AlertKind = AlertCondition['kind']
export const ALERT_KINDS: readonly AlertKind[] = AlertCondition.options.map(
  (option) => option.shape.kind.value,
)

/** Where a firing goes: a mail (to a verified address) and/or every enabled webhook endpoint. */
export const AlertChannels = z
  .strictObject({ email: z.boolean(), webhook: z.boolean() })
  .refine((channels) => channels.email || channels.webhook, { message: 'choose mail, webhook or both' })
export type AlertChannels = z.infer<typeof AlertChannels>

const AlertName = text().trim().min(1).max(ALERT_NAME_MAX_LENGTH)

export const AlertRule = z.object({
  id: z.string(),
  name: z.string(),
  condition: AlertCondition,
  channels: z.object({ email: z.boolean(), webhook: z.boolean() }),
  enabled: z.boolean(),
  /** The condition held at the last check and was told; it fires again only after it clears. */
  triggered: z.boolean(),
  lastFiredAt: z.iso.datetime().nullable(),
  /** What was measured when it last fired, in the condition's unit (bytes, %, dollars, IPs, % of a limit). */
  lastValue: z.number().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
})
export type AlertRule = z.infer<typeof AlertRule>

export const CreateAlertRuleInput = z.strictObject({
  name: AlertName,
  condition: AlertCondition,
  channels: AlertChannels,
  enabled: z.boolean().optional(),
})
export type CreateAlertRuleInput = z.infer<typeof CreateAlertRuleInput>

/** A change (PATCH) body's rule: at least one of its fields is sent. */
export const sendsOneOf = <const F extends string>(fields: readonly F[]) =>
  [
    (input: Partial<Record<F, unknown>>) => fields.some((field) => input[field] !== undefined),
    { message: `send at least one of ${fields.join(', ')}` },
  ] as const

export const UpdateAlertRuleInput = z
  .strictObject({
    name: AlertName.optional(),
    condition: AlertCondition.optional(),
    channels: AlertChannels.optional(),
    enabled: z.boolean().optional(),
  })
  .refine(...sendsOneOf(['name', 'condition', 'channels', 'enabled']))
export type UpdateAlertRuleInput = z.infer<typeof UpdateAlertRuleInput>

export const listAlertRules = defineEndpoint({
  method: 'GET',
  scope: 'read',
  path: '/user/alerts',
  summary: 'Your alert rules, with whether each has fired and not yet cleared',
  tags,
  response: z.object({ items: z.array(AlertRule), max: z.number().int() }),
})

export const createAlertRule = defineEndpoint({
  method: 'POST',
  scope: 'manage',
  path: '/user/alerts',
  summary: `Create an alert rule (at most ${ALERT_RULES_MAX}); it is checked every minute and fires once per crossing`,
  tags,
  body: CreateAlertRuleInput,
  response: AlertRule,
})

export const updateAlertRule = defineEndpoint({
  method: 'PATCH',
  scope: 'manage',
  path: '/user/alerts/:id',
  summary:
    'Change, enable or disable an alert rule; a changed condition or a re-enabled rule is armed afresh',
  tags,
  params: IdParams,
  body: UpdateAlertRuleInput,
  response: AlertRule,
})

export const deleteAlertRule = defineEndpoint({
  method: 'DELETE',
  scope: 'manage',
  path: '/user/alerts/:id',
  summary: 'Delete an alert rule',
  tags,
  params: IdParams,
  response: z.null(),
})
