import { describe, expect, it } from 'vitest'
import { instant, text, timeZone } from './input.ts'

describe('text()', () => {
  it('refuses control characters and broken UTF-16, and lets every other character through', () => {
    const line = text()
    for (const bad of [
      'a\u0000b',
      '\u0007',
      'x\u001b[31m',
      'del\u007f',
      'c1\u0085',
      'tab\t',
      'new\nline',
      'half\ud800',
    ])
      expect(line.safeParse(bad).success, JSON.stringify(bad)).toBe(false)
    for (const good of ['', 'Office proxy', '办公室 代理', 'émoji 😀', 'quote "\' <b>'])
      expect(line.safeParse(good).success, good).toBe(true)
  })

  it('lets tabs and line breaks into multiline fields, and nothing else', () => {
    const note = text({ multiline: true })
    expect(note.safeParse('one\ttwo\r\nthree\n').success).toBe(true)
    for (const bad of ['a\u0000', 'bell\u0007', 'vt\u000b', 'half\udc00'])
      expect(note.safeParse(bad).success, JSON.stringify(bad)).toBe(false)
  })

  it('keeps the checks chained after it', () => {
    const name = text().trim().min(1).max(3)
    expect(name.parse('  ab  ')).toBe('ab')
    expect(name.safeParse('    ').success).toBe(false)
    expect(name.safeParse('abcd').success).toBe(false)
  })
})

describe('instant()', () => {
  it('accepts instants with an offset between 2000 and 2100', () => {
    for (const good of ['2000-01-01T00:00:00Z', '2026-11-23T08:00:00+08:00', '2100-01-01T00:00:00Z'])
      expect(instant().safeParse(good).success, good).toBe(true)
  })

  it('refuses years the database cannot store and ones no query needs', () => {
    for (const bad of [
      '0000-01-01T00:00:00Z',
      '1999-12-31T23:59:59Z',
      '2100-01-01T00:00:01Z',
      '9999-12-31T23:59:59Z',
      '2026-02-30T00:00:00Z',
      '2026-01-01T00:00:00',
      'yesterday',
    ])
      expect(instant().safeParse(bad).success, bad).toBe(false)
  })
})

describe('timeZone()', () => {
  it('accepts IANA zones as sent, with the runtime’s capitals', () => {
    const zone = timeZone()
    for (const [sent, kept] of [
      ['Asia/Shanghai', 'Asia/Shanghai'],
      ['asia/shanghai', 'Asia/Shanghai'],
      ['America/Argentina/Buenos_Aires', 'America/Argentina/Buenos_Aires'],
      ['America/Port-au-Prince', 'America/Port-au-Prince'],
      ['Etc/GMT+8', 'Etc/GMT+8'],
      ['UTC', 'UTC'],
    ])
      expect(zone.parse(sent)).toBe(kept)
  })

  it('refuses offsets, unknown zones and anything else', () => {
    const zone = timeZone()
    for (const bad of [
      '',
      '+08:00',
      'GMT+8',
      'Mars/Olympus_Mons',
      'Asia/Shanghai ',
      '../etc',
      `Asia/${'x'.repeat(64)}`,
      8,
    ])
      expect(zone.safeParse(bad).success, String(bad)).toBe(false)
  })
})
