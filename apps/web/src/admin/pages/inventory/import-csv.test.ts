import { describe, expect, it } from 'vitest'
import { parseCsv, readImportCsv } from './import-csv.ts'

describe('parseCsv', () => {
  it('reads quoted fields, doubled quotes, quoted line breaks, CRLF and a BOM, with each record’s line', () => {
    expect(parseCsv('\uFEFFa,"b,1"\r\n"say ""hi""","two\r\nlines"\nlast')).toEqual([
      { fields: ['a', 'b,1'], line: 1 },
      { fields: ['say "hi"', 'two\nlines'], line: 2 },
      { fields: ['last'], line: 4 },
    ])
  })
})

describe('readImportCsv', () => {
  it('matches columns by name in any order and spelling, and refuses what cannot be sent', () => {
    const parsed = readImportCsv(
      `Node, IP ,Port,Region ID\nn1,198.51.100.1, 8000 ,us-east\nn1,198.51.100.2,99999999,us-east\n${'x'.repeat(65)},198.51.100.3,1,us-east\n`,
    )
    expect(parsed).toEqual({
      ok: true,
      rows: [
        {
          line: 2,
          regionId: 'us-east',
          ip: '198.51.100.1',
          port: '8000',
          node: 'n1',
          purpose: '',
          problem: null,
        },
        expect.objectContaining({ line: 3, problem: 'port' }),
        expect.objectContaining({ line: 4, problem: 'tooLong' }),
      ],
    })
  })

  it('refuses a file without rows or with more than an import takes', () => {
    expect(readImportCsv('region_id,ip,port,node\n')).toEqual({ ok: false, error: 'empty' })
    const many = `region_id,ip,port,node\n${'r,1.1.1.1,1,n\n'.repeat(5_001)}`
    expect(readImportCsv(many)).toEqual({ ok: false, error: 'tooMany', count: 5_001 })
  })
})
