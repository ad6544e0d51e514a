import { describe, expect, it } from 'vitest'
import { checkSource } from './whitelist-source.ts'

describe('checkSource', () => {
  it('accepts addresses and ranges up to /16 and /48, trimmed', () => {
    expect(checkSource(' 203.0.113.7 ')).toEqual({ source: '203.0.113.7', problem: null })
    expect(checkSource('203.0.113.7/24')).toEqual({ source: '203.0.113.7/24', problem: null })
    expect(checkSource('198.51.0.0/16').problem).toBeNull()
    expect(checkSource('2001:db8::1').problem).toBeNull()
    expect(checkSource('2001:db8:1::/48').problem).toBeNull()
  })

  it('asks for a value when there is none', () => {
    expect(checkSource('   ').problem).toBe('required')
  })

  it('refuses ranges wider than /16 (IPv4) or /48 (IPv6)', () => {
    expect(checkSource('10.0.0.0/8').problem).toBe('tooWide')
    expect(checkSource('2001:db8::/32').problem).toBe('tooWide')
  })

  it('refuses what is not an address', () => {
    for (const value of ['example.com', '203.0.113', '203.0.113.7/33', '203.0.113.7:1080', 'x'.repeat(70)])
      expect(checkSource(value).problem, value).toBe('invalid')
  })
})
