// Statistics are kept 90 days, host names 7 days (hourly job; each replica may run it: deletes are idempotent).
import { DESTINATIONS_RETENTION_DAYS, TUNNEL_STATS_RETENTION_DAYS } from '@proxy/contract/stats/endpoints'
import { sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { tunnelDestinationsDaily, tunnelStatsHourly } from './stats.schema.ts'

export async function purgeTunnelStats(db: Db, now = new Date()) {
  const hours = await db
    .delete(tunnelStatsHourly)
    .where(
      sql`${tunnelStatsHourly.hour} < ${now.toISOString()}::timestamptz - make_interval(days => ${TUNNEL_STATS_RETENTION_DAYS})`,
    )
    .returning({ hour: tunnelStatsHourly.hour })
  // A day is kept while any of it is within the last 7 × 24 hours.
  const days = await db
    .delete(tunnelDestinationsDaily)
    .where(
      sql`${tunnelDestinationsDaily.day} < (${now.toISOString()}::timestamptz at time zone 'UTC')::date - ${DESTINATIONS_RETENTION_DAYS}::int`,
    )
    .returning({ day: tunnelDestinationsDaily.day })
  return { hours: hours.length, destinations: days.length }
}
