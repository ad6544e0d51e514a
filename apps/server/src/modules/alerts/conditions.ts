// The registry of what an alert can watch: per kind of the contract's AlertCondition, how its number
// is stored, the SQL that measures it for every rule of the kind at once (from the owning module's
// index.ts), when it holds, and how a mail words it. A condition on the account measures one value
// per rule (a column of a query over alert_rules); one on sub-users answers, per rule, the crossings
// that hold — one per sub-user, period and limit — each told once (crossings.service.ts).
import type { AlertCondition, AlertKind } from '@proxy/contract/alerts/rules'
import { formatBytes } from '@proxy/contract/bytes'
import { amountToCents, centsToAmount } from '@proxy/contract/money'
import { formatBalance } from '@proxy/contract/wire'
import { type SQL, sql } from 'drizzle-orm'
import { walletCentsOf } from '../ledger/index.ts'
import { instancesExpiringOf } from '../static-ip/index.ts'
import { limitUsageOf } from '../sub-users/index.ts'
import { liveBytesBoughtOf, liveBytesLeftOf } from '../traffic/index.ts'
import { alertRules } from './alerts.schema.ts'
import type { Crossing } from './transition.ts'

type ConditionOf<K extends AlertKind> = Extract<AlertCondition, { kind: K }>

export type MailLines = { zh: string; en: string }

type EntryBase<K extends AlertKind> = {
  /** The condition's number as the rule stores it, in whole units (bytes, percent, cents, days). */
  toThreshold: (condition: ConditionOf<K>) => number
  /** The condition back from the rule's stored number (and the sub-user it names, if any). */
  fromThreshold: (threshold: number, subUserId: string | null) => ConditionOf<K>
  /** A stored value (the threshold's units) as the API and events report it. */
  toWire: (value: number) => number
  /** The mail's sentence, Chinese and English. */
  describe: (value: number, threshold: number, crossing?: Crossing) => MailLines
}

/** A condition on the account: one value per rule, one state per rule (is_triggered). */
export type AccountEntry<K extends AlertKind = AlertKind> = EntryBase<K> & {
  watches: 'account'
  /** What is measured for each rule, as an SQL column of a query over alert_rules (its row in scope). */
  measure: (now: Date) => SQL
  /** Whether the condition holds, given the measured value and the rule's threshold. */
  holds: (value: SQL, threshold: SQL) => SQL
}

/** A condition on each sub-user: a rule fires once per crossing, several sub-users each on their own. */
export type SubUsersEntry<K extends AlertKind = AlertKind> = EntryBase<K> & {
  watches: 'sub-users'
  /** The crossings that hold for each rule: a subquery (the rule's row in scope) with Crossing's columns. */
  crossings: (now: Date) => SQL
}

export type ConditionEntry<K extends AlertKind = AlertKind> = AccountEntry<K> | SubUsersEntry<K>

const below = (value: SQL, threshold: SQL) => sql`${value} < ${threshold}`

const trafficLeftBytes: AccountEntry<'traffic-left-bytes'> = {
  watches: 'account',
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

const trafficLeftPercent: AccountEntry<'traffic-left-percent'> = {
  watches: 'account',
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

const walletBelow: AccountEntry<'wallet-below'> = {
  watches: 'account',
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

const staticIpsExpiring: AccountEntry<'static-ips-expiring'> = {
  watches: 'account',
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

const PERIOD_WORDS = {
  total: { zh: '累计', en: 'its limit' },
  day: { zh: '今日', en: 'its daily limit today' },
  month: { zh: '本月', en: 'its monthly limit this month' },
} as const

const subUserShare: SubUsersEntry<'sub-user-share'> = {
  watches: 'sub-users',
  toThreshold: (condition) => condition.percent,
  fromThreshold: (percent, subUserId) => ({
    kind: 'sub-user-share',
    ...(subUserId !== null && { subUserId }),
    percent,
  }),
  // One key per sub-user, period and limit: a new day (month) or a changed limit is a new crossing.
  crossings: (now) => sql`
    select concat_ws('/', usage.sub_user_id, usage.limit_period, usage.period_start, usage.limit_bytes) as key,
      usage.sub_user_id as "subUserId", usage.username, usage.used_bytes as "usedBytes",
      usage.limit_bytes as "limitBytes", usage.limit_period as period,
      floor(usage.used_bytes * 100.0 / usage.limit_bytes)::bigint as value
    from ${limitUsageOf(alertRules.userId, alertRules.subUserId, now)} as usage
    where usage.used_bytes * 100.0 >= ${alertRules.threshold} * usage.limit_bytes`,
  toWire: (percent) => percent,
  describe: (percent, threshold, crossing) => {
    if (!crossing)
      return {
        zh: `子用户已用 ${percent}% 的流量限额。`,
        en: `A sub-user has used ${percent}% of its limit.`,
      }
    const { username, period } = crossing
    const [used, limit] = [crossing.usedBytes, crossing.limitBytes]
    return {
      zh: `子用户 ${username} ${PERIOD_WORDS[period].zh}已用流量限额的 ${percent}%（${formatBytes(used, 'zh-CN')} / ${formatBytes(limit, 'zh-CN')}），达到您设置的 ${threshold}%。`,
      en: `Sub-user ${username} has used ${percent}% of ${PERIOD_WORDS[period].en} (${formatBytes(used)} of ${formatBytes(limit)}), reaching your threshold of ${threshold}%.`,
    }
  },
}

export const CONDITIONS: { readonly [K in AlertKind]: ConditionEntry<K> } = {
  'traffic-left-bytes': trafficLeftBytes,
  'traffic-left-percent': trafficLeftPercent,
  'wallet-below': walletBelow,
  'static-ips-expiring': staticIpsExpiring,
  'sub-user-share': subUserShare,
}

/** The registry entry of a stored kind (a kind from a newer release is skipped by the job). */
export const conditionOf = (kind: string): ConditionEntry | undefined =>
  (CONDITIONS as Record<string, ConditionEntry | undefined>)[kind]

export const thresholdOf = (condition: AlertCondition): number =>
  (CONDITIONS[condition.kind] as ConditionEntry).toThreshold(condition as never)

/** The sub-user a condition names (only sub-user-share names one; omitted there: each of them). */
export const subUserIdOf = (condition: AlertCondition): string | null =>
  condition.kind === 'sub-user-share' ? (condition.subUserId ?? null) : null
