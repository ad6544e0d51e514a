import { describe, expect, it } from 'vitest'
import { toCsv } from './csv.ts'

describe('toCsv', () => {
  it('starts with a BOM and ends every row with CRLF', () => {
    expect(
      toCsv([
        ['时间', '上行'],
        ['2025-03-14', 1536],
      ]),
    ).toBe('\uFEFF时间,上行\r\n2025-03-14,1536\r\n')
  })

  it('quotes fields with a comma, a quote or a line break', () => {
    expect(toCsv([['a,b', 'say "hi"', 'two\nlines', 'plain']])).toBe(
      '\uFEFF"a,b","say ""hi""","two\nlines",plain\r\n',
    )
  })

  it('neutralises a cell a spreadsheet would run as a formula, and keeps negative numbers', () => {
    expect(toCsv([['=HYPERLINK("http://x")', '-4.35', -1, '@SUM(A1)']])).toBe(
      '\uFEFF"\'=HYPERLINK(""http://x"")",-4.35,-1,\'@SUM(A1)\r\n',
    )
  })

  it('is only the BOM without rows', () => {
    expect(toCsv([])).toBe('\uFEFF')
  })
})
