import { describe, expect, it } from 'vitest'
import { fileNameFromDisposition } from './content-disposition.ts'

describe('fileNameFromDisposition', () => {
  it.each([
    ['attachment; filename="billing-2025-01-31.csv"', 'billing-2025-01-31.csv'],
    ['attachment; filename=billing.csv', 'billing.csv'],
    ['attachment;filename=billing.csv; size=12', 'billing.csv'],
    ['ATTACHMENT; FILENAME="Bill.csv"', 'Bill.csv'],
    ['attachment; filename="quoted \\"name\\".csv"', 'quoted "name".csv'],
    ["attachment; filename*=UTF-8''%E8%B4%A6%E5%8D%95.csv", '账单.csv'],
    ['attachment; filename="fallback.csv"; filename*=UTF-8\'\'%E8%B4%A6%E5%8D%95.csv', '账单.csv'],
    ["attachment; filename*=utf-8'zh'bill%20one.csv", 'bill one.csv'],
  ])('reads %s', (header, name) => {
    expect(fileNameFromDisposition(header, 'x.csv')).toBe(name)
  })

  it('drops any directory part', () => {
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"', 'x.csv')).toBe('passwd')
    expect(fileNameFromDisposition('attachment; filename="C:\\\\temp\\\\a.csv"', 'x.csv')).toBe('a.csv')
  })

  it.each([null, undefined, '', 'attachment', 'inline; size=3', 'attachment; filename=""'])(
    'falls back for %s',
    (header) => {
      expect(fileNameFromDisposition(header, 'billing.csv')).toBe('billing.csv')
    },
  )

  it('falls back to the plain name when the extended one is broken', () => {
    expect(fileNameFromDisposition("attachment; filename=a.csv; filename*=UTF-8''%E8%ZZ", 'x.csv')).toBe(
      'a.csv',
    )
  })
})
