// Operators stock addresses from a CSV file: every row is validated, rejects are reported with
// their line numbers, and the rest are imported in one transaction.
import { isIP } from 'node:net'
import { parse } from 'csv-parse/sync'
import { asc, count, eq, inArray, sql } from 'drizzle-orm'
import { type Db, inTransaction } from '../../platform/db/client.ts'
import { ipInventory, regions } from './static-ip.schema.ts'

export const INVENTORY_CSV_COLUMNS = ['region_id', 'ip', 'port', 'node'] as const
export type ImportResult = { imported: number; rejected: { line: number; reason: string }[] }

export async function importInventoryCsv(db: Db, csv: string): Promise<ImportResult> {
  let records: Record<string, string>[]
  try {
    records = parse(csv, { columns: true, skip_empty_lines: true, trim: true, bom: true })
  } catch (error) {
    return { imported: 0, rejected: [{ line: 0, reason: `not a CSV file: ${(error as Error).message}` }] }
  }
  const knownRegions = new Set((await db.select({ id: regions.id }).from(regions)).map((row) => row.id))
  const rejected: ImportResult['rejected'] = []
  const seen = new Set<string>()
  const rows: { regionId: string; ip: string; port: number; node: string; line: number }[] = []
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
        line,
      })
  })
  if (rows.length === 0) return { imported: 0, rejected }

  const imported = await inTransaction(db, async (tx) => {
    const existing = await tx
      .select({ ip: ipInventory.ip, port: ipInventory.port })
      .from(ipInventory)
      .where(inArray(ipInventory.ip, [...new Set(rows.map((row) => row.ip))]))
    const taken = new Set(existing.map((row) => `${row.ip}:${row.port}`))
    const fresh = rows.filter((row) => {
      if (!taken.has(`${row.ip}:${row.port}`)) return true
      rejected.push({ line: row.line, reason: `${row.ip}:${row.port} is already in the inventory` })
      return false
    })
    if (fresh.length > 0) await tx.insert(ipInventory).values(fresh.map(({ line: _line, ...row }) => row))
    return fresh.length
  })
  rejected.sort((a, b) => a.line - b.line)
  return { imported, rejected }
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
