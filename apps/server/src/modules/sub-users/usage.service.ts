// A sub-user's usage by hour or local day (the customer's saved zone, as its limits count days), from
// its own hourly buckets (its bytes are in its account's buckets too: traffic's usage answers them as
// the account's).

import type { SubUserUsageQuery } from '@proxy/contract/traffic/sub-users'
import type { UsageSeries } from '@proxy/contract/traffic/usage'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { usageSeriesOf } from '../traffic/index.ts'
import { customerCalendar } from './sub-user-view.ts'
import { subUsers } from './sub-users.schema.ts'

/** A deleted sub-user's history stays readable by its customer; another customer's answers 404. */
export async function subUserUsage(
  db: Db,
  userId: string,
  id: string,
  query: SubUserUsageQuery,
): Promise<UsageSeries> {
  const [own] = await db
    .select({ id: subUsers.id })
    .from(subUsers)
    .where(and(eq(subUsers.id, id), eq(subUsers.userId, userId)))
  if (!own) throw new AppError('NOT_FOUND')
  const { zone } = await customerCalendar(db, userId)
  return usageSeriesOf(
    db,
    { ...query, tz: zone },
    (start, end) => sql`
      select hour, up_bytes as up, down_bytes as down
      from sub_user_usage_hourly
      where sub_user_id = ${id}::uuid and hour >= ${start} and hour < ${end}`,
  )
}
