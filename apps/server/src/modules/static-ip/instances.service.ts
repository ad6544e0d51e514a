// The static IPs a customer holds. Every query is scoped by user id: another customer's
// instance is indistinguishable from one that does not exist (404).
import { randomUUID } from 'node:crypto'
import {
  type Instance,
  type InstanceDetail,
  type InstanceListQuery,
  type InstanceStatus,
  KEYWORD_MIN_LENGTH,
  type UpdateInstanceInput,
} from '@proxy/contract/static-ip/instances'
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  lt,
  lte,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm'
import type { PgSelect } from 'drizzle-orm/pg-core'
import type { Db, Tx } from '../../platform/db/client.ts'
import { anyUuid } from '../../platform/db/sql.ts'
import { AppError } from '../../platform/errors.ts'
import { randomText } from '../../platform/random-text.ts'
import { admitHourlyAttempt } from '../auth/index.ts'
import { type ExportLine, socks5Line, vmessLine } from './export-formats.ts'
import {
  ipInventory,
  proxyInstances,
  proxyInstanceTallies,
  regions,
  SEARCH_SEPARATORS,
} from './static-ip.schema.ts'

const CREDENTIAL_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'

export const newCredentials = () => ({
  username: `u${randomText(CREDENTIAL_ALPHABET, 9)}`,
  password: randomText(CREDENTIAL_ALPHABET, 16),
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

/** An instance as the list answers it, built by the database: a page is one JSON value, no row to map. */
const instanceJson = sql`json_build_object(${sql.join(
  Object.entries(instanceColumns).map(([key, column]) =>
    column === proxyInstances.expiresAt || column === proxyInstances.createdAt
      ? // toISOString's form: UTC, milliseconds (truncated, as Date keeps them), Z.
        sql`${sql.raw(`'${key}'`)}, to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : sql`${sql.raw(`'${key}'`)}, ${column}`,
  ),
  sql`, `,
)})`

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

const SORTS = {
  'createdAt.desc': [desc(proxyInstances.createdAt), desc(proxyInstances.id)],
  'expiresAt.asc': [asc(proxyInstances.expiresAt), asc(proxyInstances.id)],
  'expiresAt.desc': [desc(proxyInstances.expiresAt), desc(proxyInstances.id)],
} as const

export type InstanceFilter = Pick<InstanceListQuery, 'status' | 'region' | 'keyword' | 'expiringWithinDays'>

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`)
const searchSeparators = new RegExp(`[${SEARCH_SEPARATORS.replace(/[-\\\]^]/g, '\\$&')}]`, 'g')

/** A value, or the placeholder a prepared statement binds it to. */
type Bound<T> = T | Placeholder

/** The filters' values (or placeholders); an absent one is no condition. */
type FilterValues = {
  status?: Bound<InstanceStatus>
  region?: Bound<string>
  /** The LIKE patterns of the keyword: on the search key (separators as `x`) and on the search text. */
  keyword?: { key: Bound<string>; text: Bound<string> }
  days?: Bound<number>
}

/**
 * The keyword's LIKE patterns: the trigram index on the search key (the customer's rows only) finds
 * the candidates, and LIKE on the search text decides; both are lower-cased by the database's
 * lower(). A keyword shorter than a trigram is refused with a hint rather than read every row.
 */
function keywordPatterns(keyword: string) {
  if ([...keyword].length < KEYWORD_MIN_LENGTH)
    throw new AppError('KEYWORD_TOO_SHORT', { minLength: KEYWORD_MIN_LENGTH })
  return { key: `%${escapeLike(keyword.replace(searchSeparators, 'x'))}%`, text: `%${escapeLike(keyword)}%` }
}

const filterSql = (userId: Bound<string>, filter: FilterValues) =>
  and(
    eq(proxyInstances.userId, userId),
    filter.status === undefined ? undefined : eq(proxyInstances.status, filter.status),
    filter.region === undefined ? undefined : eq(ipInventory.regionId, filter.region),
    filter.keyword
      ? sql`(${proxyInstances.searchKey} like lower(${filter.keyword.key}) and ${proxyInstances.searchText} like lower(${filter.keyword.text}))`
      : undefined,
    filter.days === undefined
      ? undefined
      : lte(proxyInstances.expiresAt, sql`now() + make_interval(days => ${filter.days})`),
  )

/** The filters that apply: an empty status, region or keyword is none. */
const filterValues = (query: InstanceFilter): FilterValues => ({
  status: query.status || undefined,
  region: query.region || undefined,
  keyword: query.keyword ? keywordPatterns(query.keyword) : undefined,
  days: query.expiringWithinDays,
})

/** The customer's instances matching the list's filters (the export takes the same ones). */
export const instanceFilter = (userId: string, query: InstanceFilter) =>
  filterSql(userId, filterValues(query))

/** Past this many delta rows, a customer's tallies are folded into one row per status. */
const TALLY_ROWS_TO_COMPACT = 32

/**
 * The customer's instances (of one status, or all): the sum of their tally rows, exact, since every
 * write to proxy_instances appends its delta in the writing transaction.
 */
const tallySql = (userId: Bound<string>, status: Bound<InstanceStatus> | undefined) => sql`(
  select coalesce(sum(${proxyInstanceTallies.instances}), 0) from ${proxyInstanceTallies}
  where ${proxyInstanceTallies.userId} = ${userId}
  ${status === undefined ? sql`` : sql`and ${proxyInstanceTallies.status} = ${status}`})`

const tallyRowsSql = (userId: Bound<string>) =>
  sql`(select count(*) from ${proxyInstanceTallies} where ${proxyInstanceTallies.userId} = ${userId})`

/**
 * Folds a customer's tally rows into one per status. Concurrent writers only append rows, and two
 * concurrent folds each delete a row at most once, so the sum never changes.
 */
export async function compactTallies(db: Db | Tx, userId: string) {
  await db.execute(sql`
    with folded as (
      delete from proxy_instance_tallies where user_id = ${userId} returning status, instances
    )
    insert into proxy_instance_tallies (user_id, status, instances)
    select ${userId}, status, sum(instances) from folded group by status having sum(instances) <> 0`)
}

const SORT_COLUMNS = {
  'createdAt.desc': ['createdAt', desc],
  'expiresAt.asc': ['expiresAt', asc],
  'expiresAt.desc': ['expiresAt', desc],
} as const

/** Which filters a list applies, and its sort: one prepared statement each. */
type ListShape = { sort: InstanceListQuery['sort'] } & { [K in keyof FilterValues]-?: boolean }

const bind = <T>(name: string, present: boolean) =>
  (present ? sql.placeholder(name) : undefined) as Bound<T> | undefined

/**
 * The list's statement for one shape, the filters' values bound at execution: built once per
 * database handle, so a page costs no query building (drizzle's, more than the page's own work).
 */
function listStatement(db: Db, shape: ListShape) {
  const userId = sql.placeholder('userId')
  const filter: FilterValues = {
    status: bind('status', shape.status),
    region: bind('region', shape.region),
    keyword: shape.keyword ? { key: sql.placeholder('key'), text: sql.placeholder('text') } : undefined,
    days: bind('days', shape.days),
  }
  const where = filterSql(userId, filter)
  const limit = sql.placeholder('limit')
  const offset = sql.placeholder('offset')
  const joinsAddress = (select: PgSelect) =>
    shape.region ? select.innerJoin(ipInventory, eq(ipInventory.id, proxyInstances.inventoryId)) : select
  let pageIds: SQL | PgSelect
  let total: SQL
  let outer: Pick<Db, 'select'> = db
  if (shape.keyword) {
    // Matches may lie anywhere along the sort's index: they are found once through the trigram
    // index (a CTE read twice is materialised), then counted and sorted.
    const [column, direction] = SORT_COLUMNS[shape.sort]
    const matches = db.$with('matches').as(
      joinsAddress(
        db
          .select({ id: proxyInstances.id, sortKey: sql<Date>`${proxyInstances[column]}`.as('sort_key') })
          .from(proxyInstances)
          .$dynamic(),
      ).where(where),
    )
    outer = db.with(matches)
    pageIds = sql`(${db
      .select({ id: matches.id })
      .from(matches)
      .orderBy(direction(matches.sortKey), direction(matches.id))
      .limit(limit)
      .offset(offset)})`
    total = sql`(${db.select({ value: count() }).from(matches)})`
  } else {
    // The page's ids first, from the instances alone, read along the index of the sort: a deep page
    // does not join the rows it skips.
    pageIds = joinsAddress(db.select({ id: proxyInstances.id }).from(proxyInstances).$dynamic())
      .where(where)
      .orderBy(...SORTS[shape.sort])
      .limit(limit)
      .offset(offset)
    // Status alone (or nothing) is answered by the tallies; the other filters count their rows
    // (a short range of the expiry index).
    total =
      shape.region || shape.days
        ? sql`(${joinsAddress(db.select({ value: count() }).from(proxyInstances).$dynamic()).where(where)})`
        : tallySql(userId, filter.status)
  }
  const totals = {
    total: sql<number>`${total}`.mapWith(Number),
    tallyRows: sql<number>`${tallyRowsSql(userId)}`.mapWith(Number),
  }
  // A named statement is parsed once per connection, and PostgreSQL may settle on a generic plan. A
  // keyword's stays unnamed, so each keyword is planned for its own pattern: a generic plan reads
  // the trigram index even for a keyword every instance holds (3 times slower than a plain scan).
  const name = shape.keyword
    ? ''
    : `list_instances_${shape.sort}_${(['status', 'region', 'days'] as const)
        .map((key) => (shape[key] ? key[0] : '-'))
        .join('')}`
  // One statement, one row: the page (as JSON) and its total from one snapshot, in one round trip;
  // past the last page the items are null and the total still answers.
  return outer
    .select({
      items: sql<
        Instance[] | null
      >`json_agg(${instanceJson} order by ${sql.join([...SORTS[shape.sort]], sql`, `)})`,
      ...totals,
    })
    .from(proxyInstances)
    .innerJoin(ipInventory, eq(ipInventory.id, proxyInstances.inventoryId))
    .innerJoin(regions, eq(regions.id, ipInventory.regionId))
    .where(inArray(proxyInstances.id, pageIds))
    .prepare(name)
}

type ListStatement = ReturnType<typeof listStatement>
const preparedLists = new WeakMap<Db, Map<string, ListStatement>>()

export async function listInstances(db: Db, userId: string, query: InstanceListQuery) {
  const values = filterValues(query)
  const shape: ListShape = {
    sort: query.sort,
    status: values.status !== undefined,
    region: values.region !== undefined,
    keyword: values.keyword !== undefined,
    days: values.days !== undefined,
  }
  const key = JSON.stringify(shape)
  const prepared = preparedLists.get(db) ?? new Map<string, ListStatement>()
  preparedLists.set(db, prepared)
  const statement = prepared.get(key) ?? listStatement(db, shape)
  prepared.set(key, statement)
  const bound = {
    userId,
    status: values.status,
    region: values.region,
    key: values.keyword?.key,
    text: values.keyword?.text,
    days: values.days,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  }
  const [page] = await statement.execute(bound)
  if ((page?.tallyRows ?? 0) > TALLY_ROWS_TO_COMPACT) await compactTallies(db, userId)
  return { items: page?.items ?? [], total: page?.total ?? 0, page: query.page, pageSize: query.pageSize }
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
