import { describe, expect, it } from 'vitest'
import { bytesIn, byteUnitFor, formatBytes } from './bytes.ts'

describe('formatBytes', () => {
  it('labels 1024-steps as KB/MB/GB so plan sizes read as sold', () => {
    expect(formatBytes(0)).toBe('0 B')
    expect(formatBytes(1023)).toBe('1,023 B')
    expect(formatBytes(1024)).toBe('1 KB')
    expect(formatBytes(1536 * 1024)).toBe('1.5 MB')
    expect(formatBytes(10 * 1024 ** 3)).toBe('10 GB')
    expect(formatBytes(2.5 * 1024 ** 4)).toBe('2.5 TB')
  })

  it('rounds to the requested decimals and follows the language', () => {
    expect(formatBytes(1.23456 * 1024 ** 3)).toBe('1.23 GB')
    expect(formatBytes(1.23456 * 1024 ** 3, 'en-US', 1)).toBe('1.2 GB')
    expect(formatBytes(1234 * 1024 ** 4, 'de-DE')).toBe('1,21 PB')
  })

  it('picks one unit for an axis and converts into it', () => {
    expect(byteUnitFor(5 * 1024 ** 2)).toBe('MB')
    expect(bytesIn(3 * 1024 ** 3, 'MB')).toBe(3072)
  })
})
