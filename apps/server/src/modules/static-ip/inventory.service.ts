// Operators stock addresses from a CSV file: every row is validated, rejects are reported with
// their line numbers, and the rest are imported in batches inside one transaction.
import { isIP } from 'node:net'
import { parse } from 'csv-parse/sync'
import { asc, count, eq, sql } from 'drizzle-orm'
import { type Db, inTransaction, type Tx } from '../../platform/db/client.ts'
import { ipInventory, regions } from './static-ip.schema.ts'

/** `purpose` is optional: `static` (the default) is sold as a static IP, `pool` is an exit of the node's rotating pool. */
export const INVENTORY_CSV_COLUMNS = ['region_id', 'ip', 'port', 'node', 'purpose'] as const
const PURPOSES = ['static', 'pool'] as const
export type ImportResult = { imported: number; rejected: { line: number; reason: string }[] }
/** `onProgress(done, total)` after each batch: `done` of the `total` valid rows are written or found taken. */
export type ImportOptions = { onProgress?: (done: number, total: number) => void }
type ImportRow = { regionId: string; ip: string; port: number; node: string; pool: boolean; line: number }

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
  const knownRegions = new Set((await db.select({ id: regions.id }).from(regions)).map((row) => row.id))
  const rejected: ImportResult['rejected'] = []
  const seen = new Set<string>()
  const rows: ImportRow[] = []
  records.forEach((record, index) => {
    const line = index + 2 // line 1 is the header
    const port = Number(record.port)
    const key = `${record.ip}:${record.port}`
    const reason = !knownRegions.has(record.region_id ?? '')
      ? `unknown region "${record.region_id ?? ''}"`
      : !isIP(record.ip ?? '')
        ? `"${record.ip ?? ''}" is not an IP address`
        : !Number.isInteger(port) || port < 1 || port > 65_535
          ? `"${record.port ?? ''}" is not a port`
          : !record.node
            ? 'no node'
            : !PURPOSES.includes((record.purpose || 'static') as (typeof PURPOSES)[number])
              ? `"${record.purpose}" is not a purpose (static or pool)`
              : seen.has(key)
                ? `${key} appears twice in the file`
                : null
    seen.add(key)
    if (reason) rejected.push({ line, reason })
    else
      rows.push({
        regionId: record.region_id as string,
        ip: record.ip as string,
        port,
        node: record.node as string,
        pool: record.purpose === 'pool',
        line,
      })
  })
  if (rows.length === 0) return { imported: 0, rejected }

  // All or nothing: every batch runs in one transaction. Rejects found inside it are kept apart
  // so that a retried attempt (serialization failure, deadlock) starts again from a clean list.
  const { imported, taken } = await inTransaction(db, async (tx) => {
    let inserted = 0
    const taken: ImportResult['rejected'] = []
    for (let start = 0; start < rows.length; start += BATCH_ROWS) {
      const batch = rows.slice(start, start + BATCH_ROWS)
      const added = await insertNew(tx, batch)
      for (const row of batch) {
        if (added.delete(`${row.ip}:${row.port}`)) inserted++
        else taken.push({ line: row.line, reason: `${row.ip}:${row.port} is already in the inventory` })
      }
      options.onProgress?.(start + batch.length, rows.length)
    }
    return { imported: inserted, taken }
  })
  rejected.push(...taken)
  rejected.sort((a, b) => a.line - b.line)
  return { imported, rejected }
}

/**
 * Inserts the rows whose ip:port is not stocked yet and answers those it inserted. Columns travel
 * as one array parameter each (unnest), so a batch costs five bind parameters, not five per row
 * (PostgreSQL refuses more than 65,535 in one query); `on conflict` also covers a concurrent import.
 */
async function insertNew(tx: Tx, batch: ImportRow[]) {
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

export const regionExists = async (db: Db, id: string) =>
  (await db.select({ id: regions.id }).from(regions).where(eq(regions.id, id))).length > 0
