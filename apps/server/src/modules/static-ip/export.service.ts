// GET /proxy/instances/export/{type}: the caller's proxies as a file, streamed a page at a time
// (keyset over the export's order) so a customer with thousands of lines never costs one giant string.
import { Readable } from 'node:stream'
import { csvSafeRow } from '@proxy/contract/csv'
import {
  CSV_EXPORT_COLUMNS,
  type ExportFormat,
  type ExportQuery,
  type ExportType,
} from '@proxy/contract/static-ip/instances'
import { stringify } from 'csv-stringify/sync'
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { anyUuid } from '../../platform/db/sql.ts'
import { AppError } from '../../platform/errors.ts'
import { clashWriter, type ExportLine, httpLine, socks5Line, vmessLine } from './export-formats.ts'
import { instanceFilter } from './instance-list.ts'
import { ipInventory, proxyInstances, regions } from './static-ip.schema.ts'

/**
 * What a file needs of an instance, and no more (10,000 rows parse faster with fewer columns); the
 * cursor is the creation time as text, with the microseconds a JavaScript Date would round away.
 */
const exportColumns = {
  id: proxyInstances.id,
  name: proxyInstances.lineInstanceName,
  ip: ipInventory.ip,
  port: ipInventory.port,
  protocol: proxyInstances.protocol,
  username: proxyInstances.username,
  password: proxyInstances.password,
  uuid: proxyInstances.uuid,
  regionId: ipInventory.regionId,
  countryCode: regions.countryCode,
  city: regions.city,
  status: proxyInstances.status,
  expiresAt: proxyInstances.expiresAt,
  cursor: sql<string>`${proxyInstances.createdAt}::text`,
}
type Row = ExportLine & {
  id: string
  regionId: string
  countryCode: string
  city: string
  status: string
  expiresAt: Date
  cursor: string
}
type Writer = { start: string; page: (rows: Row[]) => string; end: () => string }

export const EXPORT_PAGE_SIZE = 2000

const FILES: Record<ExportFormat, { contentType: string; extension: string }> = {
  links: { contentType: 'text/plain; charset=utf-8', extension: 'txt' },
  http: { contentType: 'text/plain; charset=utf-8', extension: 'txt' },
  clash: { contentType: 'text/yaml; charset=utf-8', extension: 'yaml' },
  csv: { contentType: 'text/csv; charset=utf-8', extension: 'csv' },
  json: { contentType: 'application/json; charset=utf-8', extension: 'json' },
}

const eachLine = (rows: Row[], format: (line: ExportLine) => string) =>
  rows.map((row) => `${format(row)}\n`).join('')

const jsonEntry = (row: Row) => ({
  id: row.id,
  name: row.name,
  ip: row.ip,
  port: row.port,
  protocol: row.protocol,
  username: row.username,
  password: row.password,
  uuid: row.uuid,
  regionId: row.regionId,
  countryCode: row.countryCode,
  city: row.city,
  status: row.status,
  expiresAt: row.expiresAt.toISOString(),
})

function writerOf(format: ExportFormat, template: ExportQuery['template']): Writer {
  if (format === 'links')
    return {
      start: '',
      page: (rows) =>
        eachLine(rows, (line) => (line.protocol === 'vmess' ? vmessLine(line) : socks5Line(line, template))),
      end: () => '',
    }
  if (format === 'http') return { start: '', page: (rows) => eachLine(rows, httpLine), end: () => '' }
  if (format === 'clash') {
    const clash = clashWriter()
    return { start: '', page: (rows) => clash.entries(rows), end: clash.end }
  }
  if (format === 'csv')
    return {
      // A BOM so Excel opens Chinese line names correctly, as the billing CSV does.
      start: `\uFEFF${stringify([[...CSV_EXPORT_COLUMNS]])}`,
      page: (rows) =>
        stringify(
          rows.map((row) =>
            csvSafeRow([
              row.name,
              row.ip,
              row.port,
              row.username,
              row.password,
              row.protocol,
              row.regionId,
              row.expiresAt.toISOString(),
            ]),
          ),
        ),
      end: () => '',
    }
  let written = 0
  return {
    start: '[',
    page: (rows) =>
      rows.map((row) => `${written++ === 0 ? '\n' : ',\n'}${JSON.stringify(jsonEntry(row))}`).join(''),
    end: () => (written === 0 ? ']\n' : '\n]\n'),
  }
}

/**
 * The rows of `where` in export order (oldest first), `pageSize` at a time, read as they are written;
 * each page carries its own cursor, so a page is one query.
 */
async function* pagesOf(db: Db, where: SQL | undefined, pageSize: number): AsyncGenerator<Row[]> {
  let after: { createdAt: string; id: string } | undefined
  for (;;) {
    const rows = await db
      .select(exportColumns)
      .from(proxyInstances)
      .innerJoin(ipInventory, eq(ipInventory.id, proxyInstances.inventoryId))
      .innerJoin(regions, eq(regions.id, ipInventory.regionId))
      .where(
        and(
          where,
          after
            ? sql`(${proxyInstances.createdAt}, ${proxyInstances.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(proxyInstances.createdAt), asc(proxyInstances.id))
      .limit(pageSize)
    if (rows.length === 0) return
    yield rows
    if (rows.length < pageSize) return
    const last = rows[rows.length - 1] as Row
    after = { createdAt: last.cursor, id: last.id }
  }
}

async function* chunksOf(db: Db, where: SQL | undefined, writer: Writer, pageSize: number) {
  if (writer.start) yield writer.start
  for await (const rows of pagesOf(db, where, pageSize)) {
    const text = writer.page(rows)
    if (text) yield text
  }
  const end = writer.end()
  if (end) yield end
}

export type InstancesExport = { contentType: string; fileName: string; body: Readable }

/**
 * The caller's instances as a file: the given ids (every one the caller's, else 404, before a byte
 * is written), or every instance matching the list's filters. `type` picks the protocols (`clash`
 * is `all` as a Clash file); the `http` format holds only socks5 lines, the ones the gateway also
 * serves over HTTP.
 */
export async function exportInstances(
  db: Db,
  userId: string,
  type: ExportType,
  query: ExportQuery,
  { pageSize = EXPORT_PAGE_SIZE, now = new Date() } = {},
): Promise<InstancesExport> {
  const format: ExportFormat = type === 'clash' ? 'clash' : query.format
  const { ids } = query
  if (ids) {
    const [owned] = await db
      .select({ value: count() })
      .from(proxyInstances)
      .where(and(eq(proxyInstances.userId, userId), sql`${proxyInstances.id} = ${anyUuid(ids)}`))
    if ((owned?.value ?? 0) !== new Set(ids).size) throw new AppError('NOT_FOUND')
  }
  const where = and(
    ids
      ? and(eq(proxyInstances.userId, userId), sql`${proxyInstances.id} = ${anyUuid(ids)}`)
      : instanceFilter(userId, { ...query, status: query.status === 'any' ? undefined : query.status }),
    type === 'socks5' || type === 'vmess' ? eq(proxyInstances.protocol, type) : undefined,
    format === 'http' ? eq(proxyInstances.protocol, 'socks5') : undefined,
  )
  const day = now.toISOString().slice(0, 10)
  const name = type === 'clash' || format === 'links' ? type : `${type}-${format}`
  const file = FILES[format]
  return {
    contentType: file.contentType,
    fileName: `proxies-${name}-${day}.${file.extension}`,
    body: Readable.from(chunksOf(db, where, writerOf(format, query.template), pageSize)),
  }
}
