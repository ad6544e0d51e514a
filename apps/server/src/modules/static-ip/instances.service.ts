// The static IPs a customer holds. Every query is scoped by user id: another customer's
// instance is indistinguishable from one that does not exist (404).
import { randomBytes, randomUUID } from 'node:crypto'
import type {
  Instance,
  InstanceDetail,
  InstanceListQuery,
  UpdateInstanceInput,
} from '@proxy/contract/static-ip/instances'
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db/client.ts'
import { anyUuid } from '../../platform/db/sql.ts'
import { AppError } from '../../platform/errors.ts'
import { type ExportLine, socks5Line, vmessLine } from './export-formats.ts'
import { ipInventory, proxyInstances, regions } from './static-ip.schema.ts'

const CREDENTIAL_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'
const randomText = (length: number) =>
  [...randomBytes(length)].map((byte) => CREDENTIAL_ALPHABET[byte % CREDENTIAL_ALPHABET.length]).join('')

export const newCredentials = () => ({
  username: `u${randomText(9)}`,
  password: randomText(16),
  uuid: randomUUID(),
})

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

/** Instances joined with their address and region, for any filter. */
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

export const toExportLine = (row: Instance | InstanceRow): ExportLine => ({
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

const SORTS = {
  'createdAt.desc': [desc(proxyInstances.createdAt), desc(proxyInstances.id)],
  'expiresAt.asc': [asc(proxyInstances.expiresAt), asc(proxyInstances.id)],
  'expiresAt.desc': [desc(proxyInstances.expiresAt), desc(proxyInstances.id)],
} as const

export type InstanceFilter = Pick<InstanceListQuery, 'status' | 'region' | 'keyword' | 'expiringWithinDays'>

/** The customer's instances matching the list's filters (the export takes the same ones). */
export function instanceFilter(userId: string, query: InstanceFilter) {
  const keyword = query.keyword ? `%${query.keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : undefined
  return and(
    eq(proxyInstances.userId, userId),
    query.status ? eq(proxyInstances.status, query.status) : undefined,
    query.region ? eq(ipInventory.regionId, query.region) : undefined,
    keyword
      ? or(
          ilike(ipInventory.ip, keyword),
          ilike(proxyInstances.lineInstanceName, keyword),
          ilike(proxyInstances.remark, keyword),
        )
      : undefined,
    query.expiringWithinDays !== undefined
      ? lte(proxyInstances.expiresAt, sql`now() + make_interval(days => ${query.expiringWithinDays})`)
      : undefined,
  )
}

export async function listInstances(db: Db, userId: string, query: InstanceListQuery) {
  const needsAddress = Boolean(query.region || query.keyword)
  const where = instanceFilter(userId, query)
  // The count joins the address table only when a filter needs it.
  const counted = db.select({ value: count() }).from(proxyInstances).$dynamic()
  const [rows, [total]] = await Promise.all([
    selectInstances(db, where)
      .orderBy(...SORTS[query.sort])
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    (needsAddress
      ? counted.innerJoin(ipInventory, eq(ipInventory.id, proxyInstances.inventoryId))
      : counted
    ).where(where),
  ])
  return { items: rows.map(toInstance), total: total?.value ?? 0, page: query.page, pageSize: query.pageSize }
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

export async function resetCredentials(db: Db, userId: string, id: string): Promise<InstanceDetail> {
  const updated = await db
    .update(proxyInstances)
    .set(newCredentials())
    .where(and(eq(proxyInstances.id, id), eq(proxyInstances.userId, userId)))
    .returning({ id: proxyInstances.id })
  if (updated.length === 0) throw new AppError('NOT_FOUND')
  return toDetail(await findOwn(db, userId, id))
}

/**
 * Claims the live instances without auto-renew that expire within `days` and were not told about
 * this expiry date yet (a renewal since re-arms it), and answers them.
 */
export async function claimInstancesExpiring(db: Db, now: Date, days: number) {
  const horizon = new Date(now.getTime() + days * 24 * 3600 * 1000)
  return db
    .update(proxyInstances)
    .set({ expiryRemindedAt: now })
    .where(
      and(
        eq(proxyInstances.status, 'active'),
        eq(proxyInstances.autoRenew, false),
        gt(proxyInstances.expiresAt, now),
        lte(proxyInstances.expiresAt, horizon),
        // Not yet told about this expiry date: a renewal since the last reminder re-arms it.
        or(
          isNull(proxyInstances.expiryRemindedAt),
          lt(
            proxyInstances.expiryRemindedAt,
            sql`${proxyInstances.expiresAt} - make_interval(days => ${days})`,
          ),
        ),
      ),
    )
    .returning({
      userId: proxyInstances.userId,
      name: proxyInstances.lineInstanceName,
      expiresAt: proxyInstances.expiresAt,
    })
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
