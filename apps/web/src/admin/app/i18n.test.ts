import { describe, expect, it } from 'vitest'
import { adminResources } from './i18n.ts'

/** Every text of a locale file as [dotted key, text]. */
const leaves = (value: unknown, prefix = ''): [string, unknown][] =>
  typeof value === 'object' && value !== null
    ? Object.entries(value).flatMap(([key, inner]) => leaves(inner, `${prefix}${key}.`))
    : [[prefix.slice(0, -1), value]]

describe('console texts', () => {
  it('has every text in both languages, none of them empty', () => {
    const zh = leaves(adminResources['zh-CN'].admin)
    const en = leaves(adminResources['en-US'].admin)
    expect(en.map(([key]) => key)).toEqual(zh.map(([key]) => key))
    for (const [key, text] of [...zh, ...en])
      expect(typeof text === 'string' && text.trim() !== '', key).toBe(true)
  })
})
