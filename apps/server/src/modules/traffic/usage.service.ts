// Usage over time of all a customer's proxies, their traffic account or one static IP, from the
// hourly buckets the node push adds to (usage.schema.ts); the buckets are summed by usage-series.ts.
import type { UsageQuery, UsageSeries } from '@proxy/contract/traffic/usage'
import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { holdsInstance } from '../static-ip/index.ts'
import { usageSeriesOf } from './usage-series.ts'

async function subjectFilter(db: Db, userId: string, query: UsageQuery): Promise<SQL> {
  if (query.instanceId) {
    // Another customer's instance reads exactly like one that does not exist.
    if (!(await holdsInstance(db, userId, query.instanceId))) throw new AppError('NOT_FOUND')
    return sql`and subject_kind = 'instance' and subject_id = ${query.instanceId}::uuid`
  }
  if (query.scope === 'traffic-account') return sql`and subject_kind = 'traffic-account'`
  return sql``
}

export async function usageSeries(db: Db, userId: string, query: UsageQuery): Promise<UsageSeries> {
  const subjects = await subjectFilter(db, userId, query)
  return usageSeriesOf(
    db,
    query,
    (start, end) => sql`
      select hour, sum(up_bytes) as up, sum(down_bytes) as down
      from usage_hourly
      where user_id = ${userId}::uuid and hour >= ${start} and hour < ${end}
        ${subjects}
      group by hour`,
  )
}
