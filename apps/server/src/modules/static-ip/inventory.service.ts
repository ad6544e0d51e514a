// Operators stock addresses from a CSV file: every row is validated, rejects are reported with
// their line numbers, and the rest are imported in batches inside one transaction.
import { isIP } from 'node:net'
import { parse } from 'csv-parse/sync'
import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm'
import { type Db, inTransaction, type Tx } from '../../platform/db/client.ts'
import { type INVENTORY_STATUSES, ipInventory, proxyInstances, regions } from './static-ip.schema.ts'

/** `purpose` is optional: `static` (the default) is sold as a static IP, `pool` is an exit of the node's rotating pool. */
export const INVENTORY_CSV_COLUMNS = ['region_id', 'ip', 'port', 'node', 'purpose'] as const
const PURPOSES = ['static', 'pool'] as const
export type ImportResult = { imported: number; rejected: { line: number; reason: string }[] }
/** `onProgress(done, total)` after each batch: `done` of the `total` valid rows are written or found taken. */
export type ImportOptions = { onProgress?: (done: number, total: number) => void }

/** Rows per statement: bounds the size of one statement and how often progress is reported. */
const BATCH_ROWS = 5_000

export async function importInventoryCsv(
  db: Db,
  csv: string,
  options: ImportOptions = {},
): Promise<ImportResult> {
  let records: Record<string, string>[]
  try {
    records = parse(csv, { columns: true, skip_empty_lines: true, trim: true, bom: true })
  } catch (error) {
    return { imported: 0, rejected: [{ line: 0, reason: `not a CSV file: ${(error as Error).message}` }] }
  }
  const lineOf = (index: number) => index + 2 // line 1 is the header
  const checked = await checkInventoryRows(db, records.map(fromCsv))
  const rejected: ImportResult['rejected'] = checked.rejected.map(({ index, reason }) => ({
    line: lineOf(index),
    reason,
  }))
  if (checked.rows.length === 0) return { imported: 0, rejected }

  // All or nothing: every batch runs in one transaction. Rejects found inside it are kept apart
  // so that a retried attempt (serialization failure, deadlock) starts again from a clean list.
  const { imported, taken } = await inTransaction(db, (tx) => insertInventoryRows(tx, checked.rows, options))
  rejected.push(...taken.map(({ index, reason }) => ({ line: lineOf(index), reason })))
  rejected.sort((a, b) => a.line - b.line)
  return { imported, rejected }
}

/** One row to stock, as a CSV line or the operator API sends it, before any check. */
export type InventoryRowInput = {
  regionId?: string
  ip?: string
  port?: string | number
  node?: string
  purpose?: string
}
/** A row that passed the checks; `index` is its place in the input (from 0). */
export type InventoryRow = {
  regionId: string
  ip: string
  port: number
  node: string
  pool: boolean
  index: number
}
export type RowReject = { index: number; reason: string }

const fromCsv = (record: Record<string, string>): InventoryRowInput => ({
  regionId: record.region_id,
  ip: record.ip,
  port: record.port,
  node: record.node,
  purpose: record.purpose,
})

/**
 * The checks every import makes, the CLI's and the console's: a known region, an IP address, a
 * port, a node, a purpose, and an address not twice in the input. Answers the good rows and the
 * rejects; whether an address is already stocked is known only on writing (or `takenInventoryRows`).
 */
export async function checkInventoryRows(db: Db | Tx, records: InventoryRowInput[]) {
  const knownRegions = new Set((await db.select({ id: regions.id }).from(regions)).map((row) => row.id))
  const rejected: RowReject[] = []
  const seen = new Set<string>()
  const rows: InventoryRow[] = []
  records.forEach((record, index) => {
    const portText = String(record.port ?? '')
    const port = portText.trim() === '' ? Number.NaN : Number(portText)
    const key = `${record.ip}:${portText}`
    const reason = !knownRegions.has(record.regionId ?? '')
      ? `unknown region "${record.regionId ?? ''}"`
      : !isIP(record.ip ?? '')
        ? `"${record.ip ?? ''}" is not an IP address`
        : !Number.isInteger(port) || port < 1 || port > 65_535
          ? `"${portText}" is not a port`
          : !record.node
            ? 'no node'
            : !PURPOSES.includes((record.purpose || 'static') as (typeof PURPOSES)[number])
              ? `"${record.purpose}" is not a purpose (static or pool)`
              : seen.has(key)
                ? `${key} appears twice in the file`
                : null
    seen.add(key)
    if (reason) rejected.push({ index, reason })
    else
      rows.push({
        regionId: record.regionId as string,
        ip: record.ip as string,
        port,
        node: record.node as string,
        pool: record.purpose === 'pool',
        index,
      })
  })
  return { rows, rejected }
}

const takenReason = (row: InventoryRow) => `${row.ip}:${row.port} is already in the inventory`

/** Stocks the checked rows in the caller's transaction, in batches; those already stocked are answered as rejects. */
export async function insertInventoryRows(tx: Tx, rows: InventoryRow[], options: ImportOptions = {}) {
  let imported = 0
  const taken: RowReject[] = []
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const batch = rows.slice(start, start + BATCH_ROWS)
    const added = await insertNew(tx, batch)
    for (const row of batch) {
      if (added.delete(`${row.ip}:${row.port}`)) imported++
      else taken.push({ index: row.index, reason: takenReason(row) })
    }
    options.onProgress?.(start + batch.length, rows.length)
  }
  return { imported, taken }
}

/** The checked rows whose address is already stocked, as rejects, writing nothing (an import's preview). */
export async function takenInventoryRows(db: Db | Tx, rows: InventoryRow[]): Promise<RowReject[]> {
  const taken: RowReject[] = []
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const batch = rows.slice(start, start + BATCH_ROWS)
    const { rows: found } = (await db.execute(sql`
      select inventory.ip, inventory.port
      from ip_inventory inventory
      join unnest(
        ${sql.param(batch.map((row) => row.ip))}::text[],
        ${sql.param(batch.map((row) => row.port))}::integer[]
      ) as batch(ip, port) on inventory.ip = batch.ip and inventory.port = batch.port`)) as unknown as {
      rows: { ip: string; port: number }[]
    }
    const stocked = new Set(found.map((row) => `${row.ip}:${Number(row.port)}`))
    for (const row of batch)
      if (stocked.has(`${row.ip}:${row.port}`)) taken.push({ index: row.index, reason: takenReason(row) })
  }
  return taken
}

/**
 * Inserts the rows whose ip:port is not stocked yet and answers those it inserted. Columns travel
 * as one array parameter each (unnest), so a batch costs five bind parameters, not five per row
 * (PostgreSQL refuses more than 65,535 in one query); `on conflict` also covers a concurrent import.
 */
async function insertNew(tx: Tx, batch: InventoryRow[]) {
  const { rows } = (await tx.execute(sql`
    insert into ip_inventory (region_id, ip, port, node, status)
    select region_id, ip, port, node, status
    from unnest(
      ${sql.param(batch.map((row) => row.regionId))}::text[],
      ${sql.param(batch.map((row) => row.ip))}::text[],
      ${sql.param(batch.map((row) => row.port))}::integer[],
      ${sql.param(batch.map((row) => row.node))}::text[],
      ${sql.param(batch.map((row) => (row.pool ? 'pool' : 'available')))}::text[]
    ) as batch(region_id, ip, port, node, status)
    on conflict (ip, port) do nothing
    returning ip, port`)) as unknown as { rows: { ip: string; port: number }[] }
  return new Set(rows.map((row) => `${row.ip}:${Number(row.port)}`))
}

export async function inventorySummary(db: Db) {
  return db
    .select({
      regionId: ipInventory.regionId,
      status: ipInventory.status,
      addresses: count(),
      coolingUntil: sql<string | null>`max(${ipInventory.coolingUntil})`,
    })
    .from(ipInventory)
    .groupBy(ipInventory.regionId, ipInventory.status)
    .orderBy(asc(ipInventory.regionId), asc(ipInventory.status))
}

// --- the operator console's view ---------------------------------------------------------------

export type InventoryFilter = {
  regionId?: string
  status?: (typeof INVENTORY_STATUSES)[number]
  node?: string
  page: number
  pageSize: number
}

/** Addresses newest first, by region, status and node, one page and the total. */
export async function inventoryPage(db: Db, filter: InventoryFilter) {
  const where = and(
    filter.regionId === undefined ? undefined : eq(ipInventory.regionId, filter.regionId),
    filter.status === undefined ? undefined : eq(ipInventory.status, filter.status),
    filter.node === undefined ? undefined : eq(ipInventory.node, filter.node),
  )
  const rows = await db
    .select()
    .from(ipInventory)
    .where(where)
    .orderBy(desc(ipInventory.createdAt), asc(ipInventory.ip), asc(ipInventory.port))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize)
  return { rows, total: await db.$count(ipInventory, where) }
}

/** One address, locked for the rest of the transaction (a purchase skips it meanwhile). */
export async function lockInventoryRow(tx: Tx, id: string) {
  const [row] = await tx.select().from(ipInventory).where(eq(ipInventory.id, id)).for('update')
  return row
}

/** Moves an address to `status` (clearing any cooling time) and answers the row as it now is. */
export async function setInventoryStatus(tx: Tx, id: string, status: (typeof INVENTORY_STATUSES)[number]) {
  const [row] = await tx
    .update(ipInventory)
    .set({ status, coolingUntil: null })
    .where(eq(ipInventory.id, id))
    .returning()
  return row
}

/** How many addresses are stocked in all. */
export const inventoryCount = (db: Db | Tx) => db.$count(ipInventory)

const addressesIn = (status: 'available' | 'allocated' | 'cooling') =>
  sql<number>`count(*) filter (where ${ipInventory.status} = ${status})`.mapWith(Number)

/**
 * Stock per region (pool exits and retired addresses aside) and the active static IPs on it: every
 * region on sale or with stock, in the catalogue's order. One grouped query.
 */
export async function stockByRegion(db: Db) {
  return db
    .select({
      regionId: regions.id,
      countryCode: regions.countryCode,
      country: regions.country,
      city: regions.city,
      countryEn: regions.countryEn,
      cityEn: regions.cityEn,
      isActive: regions.isActive,
      available: addressesIn('available'),
      allocated: addressesIn('allocated'),
      cooling: addressesIn('cooling'),
      activeIps: sql<number>`count(${proxyInstances.id})`.mapWith(Number),
    })
    .from(regions)
    .leftJoin(
      ipInventory,
      and(
        eq(ipInventory.regionId, regions.id),
        inArray(ipInventory.status, ['available', 'allocated', 'cooling']),
      ),
    )
    .leftJoin(
      proxyInstances,
      and(eq(proxyInstances.inventoryId, ipInventory.id), eq(proxyInstances.status, 'active')),
    )
    .groupBy(regions.id)
    .having(or(eq(regions.isActive, true), sql`count(${ipInventory.id}) > 0`))
    .orderBy(asc(regions.sortOrder), asc(regions.id))
}
