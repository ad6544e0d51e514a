// One rule for every CSV we write — the customer's static-IP and billing exports, the operator's
// finance exports, and the tables the browser saves: a text cell a spreadsheet would read as a
// formula gets a leading apostrophe, so it shows as text and never runs (CSV injection). A cell
// starts a formula with =, +, -, @, a tab or a carriage return (and their full-width forms, which
// CJK input methods type). A plain number (-4.35) is data, not a formula: it stays as it is.
export type CsvCell = string | number

const FORMULA_START = /^[=+\-@\t\r＝＋－＠]/
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/

/** The cell as it may go into a CSV: a text that would start a formula, neutralised. */
export function csvSafe<T extends CsvCell>(cell: T): T | string {
  if (typeof cell !== 'string' || !FORMULA_START.test(cell) || PLAIN_NUMBER.test(cell)) return cell
  return `'${cell}`
}

/** Every cell of a row, through `csvSafe`. */
export const csvSafeRow = (row: readonly CsvCell[]): CsvCell[] => row.map(csvSafe)
