// A CSV of addresses to stock, read in the browser the way the CLI reads one (`region_id,ip,port,node`
// and an optional `purpose`, a header line first): RFC 4180 fields (quotes, doubled quotes, line breaks
// inside quotes), a UTF-8 BOM, CRLF or LF, blank lines skipped, fields trimmed. Each line becomes one
// preview row; a row the import endpoint could not even take (a port that is no whole number, a field
// too long, a control character) is refused here, and only the others are sent.
import { InventoryImportRow, MAX_IMPORT_ROWS } from '@proxy/contract/admin/inventory'

export type CsvRecord = { fields: string[]; line: number }

/** The fields of each record and the file line it starts on. A quote left open runs to the end of the text. */
export const parseCsv = (text: string): CsvRecord[] => {
  const records: CsvRecord[] = []
  let fields: string[] = []
  let field = ''
  let isQuoted = false
  let line = 1
  let start = 1
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text
  const endField = () => {
    fields.push(field)
    field = ''
  }
  const endRecord = () => {
    endField()
    records.push({ fields, line: start })
    fields = []
    line++
    start = line
  }
  for (let index = 0; index < source.length; index++) {
    const char = source[index]
    if (char === '\r' && source[index + 1] === '\n') continue // the \n that follows ends the line
    const isBreak = char === '\n' || char === '\r'
    if (isQuoted) {
      if (char !== '"') field += isBreak ? '\n' : char
      else if (source[index + 1] === '"') {
        field += '"'
        index++
      } else isQuoted = false
      if (isBreak) line++
    } else if (char === '"') isQuoted = true
    else if (char === ',') endField()
    else if (isBreak) endRecord()
    else field += char
  }
  if (field !== '' || fields.length > 0) endRecord()
  return records
}

/** A column's name without case, spaces, dashes or underscores: `region_id`, `Region ID` and `regionId` match. */
const columnKey = (name: string) => name.toLowerCase().replace(/[\s_-]/g, '')

const COLUMNS = { regionid: 'regionId', ip: 'ip', port: 'port', node: 'node', purpose: 'purpose' } as const
type Field = (typeof COLUMNS)[keyof typeof COLUMNS]
const fieldOf = (name: string): Field | undefined =>
  Object.hasOwn(COLUMNS, columnKey(name)) ? COLUMNS[columnKey(name) as keyof typeof COLUMNS] : undefined
export const REQUIRED_COLUMNS = ['region_id', 'ip', 'port', 'node'] as const
export const CSV_HEADER = 'region_id,ip,port,node,purpose'

/** Why a line cannot be sent, found in the browser. */
export type LocalProblem = 'port' | 'tooLong' | 'control'

export type PreviewRow = {
  /** The line number in the file (1 is the header), which operators look up. */
  line: number
  regionId: string
  ip: string
  port: string
  node: string
  purpose: string
  problem: LocalProblem | null
}

export type ParsedImport =
  | { ok: true; rows: PreviewRow[] }
  | { ok: false; error: 'empty' | 'tooMany'; count?: number }
  | { ok: false; error: 'columns'; missing: string[] }

const isPort = (text: string) => /^-?\d{1,7}$/.test(text) && Math.abs(Number(text)) <= 1_000_000

const problemOf = (row: Omit<PreviewRow, 'problem'>): LocalProblem | null => {
  if (!isPort(row.port)) return 'port'
  const sent = InventoryImportRow.safeParse(toImportRow(row))
  if (sent.success) return null
  return sent.error.issues.some((issue) => issue.code === 'too_big') ? 'tooLong' : 'control'
}

/** One preview row as the import endpoint takes it. */
export const toImportRow = (row: Pick<PreviewRow, 'regionId' | 'ip' | 'port' | 'node' | 'purpose'>) => ({
  regionId: row.regionId,
  ip: row.ip,
  port: Number(row.port),
  node: row.node,
  ...(row.purpose === '' ? {} : { purpose: row.purpose }),
})

export const readImportCsv = (text: string): ParsedImport => {
  const records = parseCsv(text).filter((record) => record.fields.some((field) => field.trim() !== ''))
  const [header, ...lines] = records
  if (header === undefined || lines.length === 0) return { ok: false, error: 'empty' }
  const places = new Map<Field, number>()
  header.fields.forEach((name, place) => {
    const field = fieldOf(name)
    if (field !== undefined && !places.has(field)) places.set(field, place)
  })
  const missing = REQUIRED_COLUMNS.filter((name) => !places.has(fieldOf(name) as Field))
  if (missing.length > 0) return { ok: false, error: 'columns', missing }
  if (lines.length > MAX_IMPORT_ROWS) return { ok: false, error: 'tooMany', count: lines.length }
  return {
    ok: true,
    rows: lines.map(({ fields, line }) => {
      const value = (field: Field) => {
        const place = places.get(field)
        return place === undefined ? '' : (fields[place] ?? '').trim()
      }
      const row = {
        line,
        regionId: value('regionId'),
        ip: value('ip'),
        port: value('port'),
        node: value('node'),
        purpose: value('purpose'),
      }
      return { ...row, problem: problemOf(row) }
    }),
  }
}
