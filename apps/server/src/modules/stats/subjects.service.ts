// What a customer can see statistics for: the whole account, the traffic account (once they have
// bought traffic or it has tunnels), their static IPs (the newest, and any with statistics kept) and
// their sub-users (a deleted one while its statistics are kept).
import type { StatsSubjectItem } from '@proxy/contract/stats/endpoints'
import { sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { rowsOf } from '../../platform/db/sql.ts'
import { instancesByIds, listInstances } from '../static-ip/index.ts'
import { listSubUsers } from '../sub-users/index.ts'
import { hasBoughtTraffic } from '../traffic/index.ts'

const RECENT_INSTANCES = 100

export async function statsSubjects(db: Db, customerId: string): Promise<{ items: StatsSubjectItem[] }> {
  const kept = rowsOf<{ subject_kind: string; subject_id: string }>(
    await db.execute(sql`
      select distinct subject_kind, subject_id from tunnel_stats_hourly
      where customer_id = ${customerId}::uuid`),
  )
  const recent = await listInstances(db, customerId, {
    page: 1,
    pageSize: RECENT_INSTANCES,
    sort: 'createdAt.desc',
  })
  const listed = new Set(recent.items.map((instance) => instance.id))
  const older = kept.filter((row) => row.subject_kind === 'instance' && !listed.has(row.subject_id))
  const instances = [
    ...recent.items,
    ...(older.length > 0
      ? await instancesByIds(
          db,
          older.map((row) => row.subject_id),
        )
      : []),
  ]
  const live = (await listSubUsers(db, customerId, { page: 1, pageSize: RECENT_INSTANCES })).items
  const liveIds = new Set(live.map((subUser) => subUser.id))
  const subUsers = [
    ...live.map((subUser) => ({ id: subUser.id, name: subUser.username as string | null })),
    ...kept
      .filter((row) => row.subject_kind === 'sub-user' && !liveIds.has(row.subject_id))
      .map((row) => ({ id: row.subject_id, name: null })),
  ]
  const hasAccount =
    kept.some((row) => row.subject_kind === 'traffic-account') || (await hasBoughtTraffic(db, customerId))
  return {
    items: [
      { subject: 'account', kind: 'account', address: null, name: null },
      ...(hasAccount
        ? [{ subject: 'traffic-account', kind: 'traffic-account' as const, address: null, name: null }]
        : []),
      ...instances.map((instance) => ({
        subject: `instance:${instance.id}`,
        kind: 'instance' as const,
        address: `${instance.ip}:${instance.port}`,
        name: instance.lineInstanceName,
      })),
      ...subUsers.map(({ id, name }) => ({
        subject: `sub-user:${id}`,
        kind: 'sub-user' as const,
        address: null,
        name,
      })),
    ],
  }
}
