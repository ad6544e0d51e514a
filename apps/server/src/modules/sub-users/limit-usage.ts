// What sub-users have used of their byte limits in the current period, as a subquery for other
// modules' statements (the alerts' sub-user-share condition measures every customer in one query).
// It counts as caps.ts does for the console and the nodes: the stored day and month counters, read as
// 0 once the customer's local day (month) has moved past them.
import { DEFAULT_USAGE_TIME_ZONE } from '@proxy/contract/traffic/usage'
import { type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { timeZoneOf } from '../auth/index.ts'

/**
 * Rows `(sub_user_id, username, limit_bytes, limit_period, period_start, used_bytes)`: the live, enabled
 * sub-users of the customer in `userId` that have a byte limit (only the one in `subUserId` unless it
 * is null), with what they used of it in the current period; `period_start` is its first local day
 * (null for a limit in all).
 */
export function limitUsageOf(userId: AnyPgColumn | SQL, subUserId: AnyPgColumn | SQL, now: Date): SQL {
  const saved = timeZoneOf(userId)
  // A zone the runtime took but PostgreSQL does not know (US/Pacific-New) counts in the default,
  // rather than failing the statement for every customer. The names are read once per statement.
  const zone = sql`case when ${saved} in (select name from pg_timezone_names) then ${saved}
    else ${DEFAULT_USAGE_TIME_ZONE} end`
  return sql`(
    select s.id as sub_user_id, s.username, s.limit_bytes, s.limit_period,
      case s.limit_period when 'day' then local.day when 'month' then local.month end as period_start,
      case s.limit_period
        when 'day' then case when s.day = local.day then s.day_bytes else 0 end
        when 'month' then case when s.month = local.month then s.month_bytes else 0 end
        else s.used_bytes
      end as used_bytes
    from (
      select wall::date as day, date_trunc('month', wall)::date as month
      from (select ${now.toISOString()}::timestamptz at time zone (${zone}) as wall) as clock
    ) as local
    join sub_users s on s.user_id = ${userId}
    where s.deleted_at is null and s.disabled_at is null
      and s.limit_bytes is not null and s.limit_period is not null
      and (${subUserId}::uuid is null or s.id = ${subUserId})
  )`
}
