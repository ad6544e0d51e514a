// The static IPs a customer holds: their rows as every answer shows them, one by id, an edit, a
// credentials reset. Every query is scoped by user id: another customer's instance is
// indistinguishable from one that does not exist (404). The list is instance-list.ts, the expiry
// reminders' claim instance-expiry.ts.
import type { Instance, InstanceDetail, UpdateInstanceInput } from '@proxy/contract/static-ip/instances'
import { and, asc, count, eq, gt, inArray, lte, type SQL, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db/client.ts'
import { anyUuid } from '../../platform/db/sql.ts'
import { AppError } from '../../platform/errors.ts'
import { admitHourlyAttempt } from '../auth/index.ts'
import { newCredentials } from './credentials.ts'
import { type ExportLine, socks5Line, vmessLine } from './export-formats.ts'
import { ipInventory, proxyInstances, regions } from './static-ip.schema.ts'

export const instanceColumns = {
  id: proxyInstances.id,
  lineInstanceName: proxyInstances.lineInstanceName,
  ip: ipInventory.ip,
  port: ipInventory.port,
  protocol: proxyInstances.protocol,
  username: proxyInstances.username,
  password: proxyInstances.password,
  uuid: proxyInstances.uuid,
  regionId: regions.id,
  countryCode: regions.countryCode,
  country: regions.country,
  city: regions.city,
  status: proxyInstances.status,
  expiresAt: proxyInstances.expiresAt,
  autoRenew: proxyInstances.autoRenew,
  remark: proxyInstances.remark,
  orderNo: proxyInstances.orderNo,
  createdAt: proxyInstances.createdAt,
}

/** A customer's live instances, and how many of them expire within `days` (the overview cards). */
export async function instanceCounts(db: Db, userId: string, days: number) {
  const [row] = await db
    .select({
      active: count(),
      expiring: sql<number>`count(*) filter (where ${lte(
        proxyInstances.expiresAt,
        sql`now() + make_interval(days => ${days})`,
      )})`.mapWith(Number),
    })
    .from(proxyInstances)
    .where(
      and(
        eq(proxyInstances.userId, userId),
        eq(proxyInstances.status, 'active'),
        gt(proxyInstances.expiresAt, sql`now()`),
      ),
    )
  return { active: row?.active ?? 0, expiring: row?.expiring ?? 0 }
}

/** The customer each of these instances belongs to, as `{ id, userId }`. */
export const ownersOfInstances = (tx: Tx, ids: string[]) =>
  tx
    .select({ id: proxyInstances.id, userId: proxyInstances.userId })
    .from(proxyInstances)
    .where(sql`${proxyInstances.id} = ${anyUuid(ids)}`)

/** Whether this customer holds this instance (another customer's reads like one that does not exist). */
export async function holdsInstance(db: Db, userId: string, id: string): Promise<boolean> {
  const [owned] = await db
    .select({ id: proxyInstances.id })
    .from(proxyInstances)
    .where(and(eq(proxyInstances.id, id), eq(proxyInstances.userId, userId)))
  return owned !== undefined
}

/** The instances with these ids, oldest first (an order's detail shows them). */
export async function instancesByIds(db: Db, ids: string[]) {
  const rows = await selectInstances(db, inArray(proxyInstances.id, ids)).orderBy(
    asc(proxyInstances.createdAt),
    asc(proxyInstances.id),
  )
  return rows.map(toInstance)
}

export const selectInstances = (db: Db | Tx, where: SQL | undefined) =>
  db
    .select(instanceColumns)
    .from(proxyInstances)
    .innerJoin(ipInventory, eq(ipInventory.id, proxyInstances.inventoryId))
    .innerJoin(regions, eq(regions.id, ipInventory.regionId))
    .where(where)
    .$dynamic()

type InstanceRow = Awaited<ReturnType<typeof selectInstances>>[number]

export const toInstance = (row: InstanceRow): Instance => ({
  ...row,
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
})

const toExportLine = (row: Instance | InstanceRow): ExportLine => ({
  ...row,
  name: row.lineInstanceName,
})

function toDetail(row: InstanceRow): InstanceDetail {
  const line = toExportLine(row)
  return {
    ...toInstance(row),
    connection: {
      socks5: socks5Line(line),
      vmess: row.protocol === 'vmess' ? vmessLine(line) : null,
      ipPortUserPass: socks5Line(line, 'ip:port:user:pass'),
    },
  }
}

async function findOwn(db: Db, userId: string, id: string): Promise<InstanceRow> {
  const [row] = await selectInstances(db, and(eq(proxyInstances.id, id), eq(proxyInstances.userId, userId)))
  if (!row) throw new AppError('NOT_FOUND')
  return row
}

export const getInstance = async (db: Db, userId: string, id: string) =>
  toDetail(await findOwn(db, userId, id))

export async function updateInstance(
  db: Db,
  userId: string,
  id: string,
  input: UpdateInstanceInput,
): Promise<Instance> {
  const updated = await db
    .update(proxyInstances)
    .set(input)
    .where(and(eq(proxyInstances.id, id), eq(proxyInstances.userId, userId)))
    .returning({ id: proxyInstances.id })
  if (updated.length === 0) throw new AppError('NOT_FOUND')
  return toInstance(await findOwn(db, userId, id))
}

/**
 * New credentials for one instance. Each reset changes what its node serves, so an instance gets at
 * most `perHour` in an hour; the owner is checked first, so nobody else can spend that allowance.
 */
export async function resetCredentials(
  db: Db,
  userId: string,
  id: string,
  perHour: number,
): Promise<InstanceDetail> {
  await findOwn(db, userId, id)
  if (!(await admitHourlyAttempt(db, `credential-reset:${id}`, perHour)))
    throw new AppError('CREDENTIAL_RESET_LIMITED', { perHour })
  const updated = await db
    .update(proxyInstances)
    .set(newCredentials())
    .where(and(eq(proxyInstances.id, id), eq(proxyInstances.userId, userId)))
    .returning({ id: proxyInstances.id })
  if (updated.length === 0) throw new AppError('NOT_FOUND')
  return toDetail(await findOwn(db, userId, id))
}

/** How many live instances each of these customers holds (those with none are absent). */
export async function activeInstanceCounts(db: Db | Tx, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map()
  const rows = await db
    .select({ userId: proxyInstances.userId, active: count() })
    .from(proxyInstances)
    .where(
      and(
        sql`${proxyInstances.userId} = ${anyUuid(userIds)}`,
        eq(proxyInstances.status, 'active'),
        gt(proxyInstances.expiresAt, sql`now()`),
      ),
    )
    .groupBy(proxyInstances.userId)
  return new Map(rows.map((row) => [row.userId, row.active]))
}
