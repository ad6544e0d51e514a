// What the alerts job measures of the static IPs, as a column of its own query over every rule of a
// kind (one statement for all customers): how many of a customer's IPs are about to lapse.
import { type AnyColumn, getTableName, type SQL, sql } from 'drizzle-orm'
import { proxyInstances } from './static-ip.schema.ts'

/**
 * Active static IPs without auto-renew of the customer in `owner` that expire after `now` and within
 * `days` (an SQL expression: the rule's own column) of it. Auto-renewed ones renew by themselves;
 * the wallet alert covers their money.
 */
export const instancesExpiringOf = (owner: AnyColumn, days: SQL | AnyColumn, now: Date) => {
  const ownerColumn = sql`${sql.identifier(getTableName(owner.table))}.${sql.identifier(owner.name)}`
  const at = sql`${now.toISOString()}::timestamptz`
  return sql`(select count(*)::bigint from ${proxyInstances} as i
    where i.user_id = ${ownerColumn} and i.status = 'active' and not i.auto_renew
      and i.expires_at > ${at} and i.expires_at <= ${at} + make_interval(days => (${days})::int))`
}
