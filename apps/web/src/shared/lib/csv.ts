// CSV for downloads made in the browser (RFC 4180: comma-separated, CRLF rows, fields with a comma, quote or
// line break quoted), UTF-8 with a BOM so Excel reads Chinese headers right. csv-stringify, which the server
// uses, needs a Buffer polyfill of ~80 KB in the browser; these few lines are all a table export needs.
// A text that would start a formula is neutralised by the contract's rule, as every CSV of ours is.
import { type CsvCell, csvSafe } from '@proxy/contract/csv'

const cell = (value: CsvCell): string => {
  const text = String(csvSafe(value))
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export const toCsv = (rows: readonly (readonly CsvCell[])[]): string =>
  `\uFEFF${rows.map((row) => `${row.map(cell).join(',')}\r\n`).join('')}`

export const CSV_TYPE = 'text/csv;charset=utf-8'
