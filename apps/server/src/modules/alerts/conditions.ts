// The registry of what an alert can watch: per kind of the contract's AlertCondition, how its number
// is stored, the SQL that measures it for every rule of the kind at once (a column of one query over
// alert_rules, from the owning module's index.ts), when it holds, and how a mail words it. A new
// condition (a sub-user's share of its limit, say) is one entry here and one branch in the contract.
import type { AlertCondition, AlertKind } from '@proxy/contract/alerts/rules'
import { formatBytes } from '@proxy/contract/bytes'
import { amountToCents, centsToAmount } from '@proxy/contract/money'
import { formatBalance } from '@proxy/contract/wire'
import { type SQL, sql } from 'drizzle-orm'
import { walletCentsOf } from '../ledger/index.ts'
import { instancesExpiringOf } from '../static-ip/index.ts'
import { liveBytesBoughtOf, liveBytesLeftOf } from '../traffic/index.ts'
import { alertRules } from './alerts.schema.ts'

type ConditionOf<K extends AlertKind> = Extract<AlertCondition, { kind: K }>

export type MailLines = { zh: string; en: string }

export type ConditionEntry<K extends AlertKind = AlertKind> = {
  /** The condition's number as the rule stores it, in whole units (bytes, percent, cents, days). */
  toThreshold: (condition: ConditionOf<K>) => number
  fromThreshold: (threshold: number) => ConditionOf<K>
  /** What is measured for each rule, as an SQL column of a query over alert_rules (its row in scope). */
  measure: (now: Date) => SQL
  /** Whether the condition holds, given the measured value and the rule's threshold. */
  holds: (value: SQL, threshold: SQL) => SQL
  /** A stored value (the threshold's units) as the API and events report it. */
  toWire: (value: number) => number
  /** The mail's sentence, Chinese and English. */
  describe: (value: number, threshold: number) => MailLines
}

const below = (value: SQL, threshold: SQL) => sql`${value} < ${threshold}`

const trafficLeftBytes: ConditionEntry<'traffic-left-bytes'> = {
  toThreshold: (condition) => condition.bytes,
  fromThreshold: (bytes) => ({ kind: 'traffic-left-bytes', bytes }),
  measure: (now) => liveBytesLeftOf(alertRules.userId, now),
  holds: below,
  toWire: (bytes) => bytes,
  describe: (left, threshold) => ({
    zh: `流量剩余 ${formatBytes(left, 'zh-CN')}，低于您设置的 ${formatBytes(threshold, 'zh-CN')}。`,
    en: `Traffic left: ${formatBytes(left)}, below your threshold of ${formatBytes(threshold)}.`,
  }),
}

const trafficLeftPercent: ConditionEntry<'traffic-left-percent'> = {
  toThreshold: (condition) => condition.percent,
  fromThreshold: (percent) => ({ kind: 'traffic-left-percent', percent }),
  // Whole percent rounded down, so "below 10 %" holds from 9.99 % on; no live package reads 0 %.
  measure: (now) =>
    sql`coalesce(floor(${liveBytesLeftOf(alertRules.userId, now)} * 100.0
      / nullif(${liveBytesBoughtOf(alertRules.userId, now)}, 0)), 0)::bigint`,
  holds: below,
  toWire: (percent) => percent,
  describe: (left, threshold) => ({
    zh: `流量剩余 ${left}%，低于您设置的 ${threshold}%。`,
    en: `Traffic left: ${left}% of your live packages, below your threshold of ${threshold}%.`,
  }),
}

const walletBelow: ConditionEntry<'wallet-below'> = {
  toThreshold: (condition) => amountToCents(condition.amount),
  fromThreshold: (cents) => ({ kind: 'wallet-below', amount: centsToAmount(cents) }),
  measure: () => sql`coalesce(${walletCentsOf(alertRules.userId)}, 0)`,
  holds: below,
  toWire: centsToAmount,
  describe: (cents, threshold) => ({
    zh: `钱包余额 ${formatBalance(centsToAmount(cents))}，低于您设置的 ${formatBalance(centsToAmount(threshold))}。`,
    en: `Your wallet balance is ${formatBalance(centsToAmount(cents))}, below your threshold of ${formatBalance(centsToAmount(threshold))}.`,
  }),
}

const staticIpsExpiring: ConditionEntry<'static-ips-expiring'> = {
  toThreshold: (condition) => condition.days,
  fromThreshold: (days) => ({ kind: 'static-ips-expiring', days }),
  measure: (now) => instancesExpiringOf(alertRules.userId, alertRules.threshold, now),
  holds: (count) => sql`${count} > 0`,
  toWire: (count) => count,
  describe: (count, days) => ({
    zh: `${count} 个未开启自动续费的静态IP将在 ${days} 天内到期，请在 IP列表 中续费以免中断。`,
    en: `${count} static IP(s) without auto-renew expire within ${days} days; renew them on the IP list to keep them running.`,
  }),
}

export const CONDITIONS: { readonly [K in AlertKind]: ConditionEntry<K> } = {
  'traffic-left-bytes': trafficLeftBytes,
  'traffic-left-percent': trafficLeftPercent,
  'wallet-below': walletBelow,
  'static-ips-expiring': staticIpsExpiring,
}

/** The registry entry of a stored kind (a kind from a newer release is skipped by the job). */
export const conditionOf = (kind: string): ConditionEntry | undefined =>
  (CONDITIONS as Record<string, ConditionEntry | undefined>)[kind]

export const thresholdOf = (condition: AlertCondition): number =>
  (CONDITIONS[condition.kind] as ConditionEntry).toThreshold(condition as never)
