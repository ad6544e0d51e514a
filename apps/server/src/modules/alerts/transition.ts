// What the alerts job found for one rule: its state changes (fires, or clears) with the value measured,
// and, for a rule on sub-users, the crossing a firing is about.
import type { AlertKind } from '@proxy/contract/alerts/rules'

/** A sub-user past the share of its limit: what a firing of a sub-user rule is about. */
export type Crossing = {
  /** One per sub-user, period and limit: what the rule remembers as told. */
  key: string
  subUserId: string
  username: string
  usedBytes: number
  limitBytes: number
  period: 'total' | 'day' | 'month'
  /** Whole percent of the limit used, rounded down. */
  value: number
}

export type Transition = {
  id: string
  userId: string
  name: string
  kind: AlertKind
  threshold: number
  /** The sub-user the rule's condition names (null: none, or each of them). */
  subUserId: string | null
  notifyEmail: boolean
  notifyWebhook: boolean
  isTriggered: boolean
  value: number
  crossing?: Crossing
}
