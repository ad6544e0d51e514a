// "Keep top destinations": off by default; while on, the node push's host names are kept 7 days and
// the most reached are shown. Turning it off deletes what was kept. A change reaches the nodes with
// their next pull (a trigger logs it in credential_changes).
import type { DestinationsQuery, StatsSettings, TopDestinations } from '@proxy/contract/stats/endpoints'
import { TOP_DESTINATIONS } from '@proxy/contract/stats/endpoints'
import { sql } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db/client.ts'
import { rowsOf } from '../../platform/db/sql.ts'
import { statsSettings, tunnelDestinationsDaily } from './stats.schema.ts'
import { subjectFilter } from './tunnel-stats.service.ts'

export async function readStatsSettings(db: Db, customerId: string): Promise<StatsSettings> {
  const [row] = await db
    .select({ keepDestinations: statsSettings.keepDestinations })
    .from(statsSettings)
    .where(sql`${statsSettings.customerId} = ${customerId}::uuid`)
  return { keepDestinations: row?.keepDestinations ?? false }
}

export async function writeStatsSettings(db: Db, customerId: string, settings: StatsSettings) {
  await db.transaction(async (tx) => {
    await tx
      .insert(statsSettings)
      .values({ customerId, keepDestinations: settings.keepDestinations })
      .onConflictDoUpdate({
        target: statsSettings.customerId,
        set: { keepDestinations: settings.keepDestinations, updatedAt: sql`now()` },
        // Unchanged: no write, so the nodes are not sent the list again for nothing.
        setWhere: sql`${statsSettings.keepDestinations} <> excluded.keep_destinations`,
      })
    if (!settings.keepDestinations)
      await tx
        .delete(tunnelDestinationsDaily)
        .where(sql`${tunnelDestinationsDaily.customerId} = ${customerId}::uuid`)
  })
  return readStatsSettings(db, customerId)
}

export async function topDestinations(
  db: Db,
  customerId: string,
  query: DestinationsQuery,
): Promise<TopDestinations> {
  const filter = await subjectFilter(db, customerId, query.subject)
  const { keepDestinations } = await readStatsSettings(db, customerId)
  if (!keepDestinations) return { keepDestinations, items: [] }
  // Days are UTC days: a day overlapping the range counts whole.
  const rows = rowsOf<{ host: string; tunnels: string | number; failed: string | number }>(
    await db.execute(sql`
      select host, sum(tunnels) as tunnels, sum(failed) as failed
      from tunnel_destinations_daily
      where customer_id = ${customerId}::uuid
        and day >= (${query.from}::timestamptz at time zone 'UTC')::date
        and day <= (${query.to}::timestamptz at time zone 'UTC')::date
        ${filter}
      group by host
      order by sum(tunnels) desc, host
      limit ${TOP_DESTINATIONS}`),
  )
  return {
    keepDestinations,
    items: rows.map((row) => ({ host: row.host, tunnels: Number(row.tunnels), failed: Number(row.failed) })),
  }
}

/** The customers who keep top destinations: what every node's pull carries. */
export async function destinationKeepers(tx: Tx): Promise<string[]> {
  const rows = await tx
    .select({ customerId: statsSettings.customerId })
    .from(statsSettings)
    .where(sql`${statsSettings.keepDestinations}`)
  return rows.map((row) => row.customerId)
}
