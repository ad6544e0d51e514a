import { describe, expect, it } from 'vitest'
import { DEFAULT_LANGUAGE, readChosenLanguage, readLanguage } from './language.ts'

const storage = (value: string | null) => ({ getItem: () => value })

describe('readLanguage', () => {
  it('defaults to zh-CN', () => {
    expect(DEFAULT_LANGUAGE).toBe('zh-CN')
    expect(readLanguage(storage(null))).toBe('zh-CN')
  })

  it('returns a stored supported language', () => {
    expect(readLanguage(storage('en-US'))).toBe('en-US')
    expect(readLanguage(storage('zh-CN'))).toBe('zh-CN')
  })

  it('ignores unsupported values', () => {
    expect(readLanguage(storage('fr-FR'))).toBe('zh-CN')
    expect(readLanguage(storage('en'))).toBe('zh-CN')
  })
})

describe('readChosenLanguage', () => {
  it('tells a stored choice from none', () => {
    expect(readChosenLanguage(storage('en-US'))).toBe('en-US')
    expect(readChosenLanguage(storage(null))).toBeNull()
    expect(readChosenLanguage(storage('fr-FR'))).toBeNull()
  })
})
