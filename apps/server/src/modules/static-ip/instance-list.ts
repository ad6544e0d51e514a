// The customer's list of static IPs: filters (status, region, keyword, expiry), three sorts and a
// page with its total, as one prepared statement per shape that the database answers as JSON.
import {
  type Instance,
  type InstanceListQuery,
  type InstanceStatus,
  KEYWORD_MIN_LENGTH,
} from '@proxy/contract/static-ip/instances'
import { and, asc, count, desc, eq, inArray, lte, type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { PgSelect } from 'drizzle-orm/pg-core'
import type { Db, Tx } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { instanceColumns } from './instances.service.ts'
import {
  ipInventory,
  proxyInstances,
  proxyInstanceTallies,
  regions,
  SEARCH_SEPARATORS,
} from './static-ip.schema.ts'

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
