import { describe, expect, it } from 'vitest'
import { csvSafe, csvSafeRow } from './csv.ts'

describe('the CSV formula rule', () => {
  it('neutralises every text a spreadsheet would run as a formula', () => {
    for (const formula of [
      '=HYPERLINK("http://evil.example","click")',
      '+1+1',
      '-2+3',
      '@SUM(A1:A2)',
      '\t=1',
      '\r=1',
      '＝1+1',
      '－1',
      '-cmd|calc!A0',
    ])
      expect(csvSafe(formula)).toBe(`'${formula}`)
  })

  it('leaves plain text and numbers alone, negative amounts included', () => {
    for (const cell of ['office line', 'a=b', '', '12.50', '-4.35', '+86', 'user@example.com'])
      expect(csvSafe(cell)).toBe(cell)
    expect(csvSafe(-4.35)).toBe(-4.35)
    expect(csvSafeRow(['=1', 2, '-3.00'])).toEqual(["'=1", 2, '-3.00'])
  })
})
