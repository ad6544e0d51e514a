import { describe, expect, it } from 'vitest'
import { type AccountPreferences, type BrowserPreferences, planRestore } from './account-preferences.ts'

const account = (overrides: Partial<AccountPreferences> = {}): AccountPreferences => ({
  language: null,
  timeZone: 'Asia/Shanghai',
  tourSeen: false,
  ...overrides,
})
const browser = (overrides: Partial<BrowserPreferences> = {}): BrowserPreferences => ({
  language: 'zh-CN',
  chosenLanguage: null,
  timeZone: 'Asia/Shanghai',
  ...overrides,
})

describe('planRestore after sign-in', () => {
  it("switches to the account's language, whatever this browser shows or stored", () => {
    for (const chosen of [null, 'zh-CN', 'en-US'] as const)
      expect(
        planRestore(account({ language: 'en-US' }), browser({ chosenLanguage: chosen }), 'sign-in'),
      ).toEqual({ language: 'en-US', hideTour: false, save: null })
    // Stored even when it is already shown, so this browser keeps it from now on.
    expect(planRestore(account({ language: 'zh-CN' }), browser(), 'sign-in').language).toBe('zh-CN')
  })

  it('saves the language shown when the account has none yet', () => {
    expect(
      planRestore(account(), browser({ language: 'en-US', chosenLanguage: 'en-US' }), 'sign-in'),
    ).toEqual({
      language: null,
      hideTour: false,
      save: { language: 'en-US' },
    })
    expect(planRestore(account(), browser(), 'sign-in').save).toEqual({ language: 'zh-CN' })
  })

  it('keeps the tour away once the account has seen it', () => {
    expect(planRestore(account({ language: 'zh-CN', tourSeen: true }), browser(), 'sign-in').hideTour).toBe(
      true,
    )
  })

  it("saves the browser's time zone when it differs, and only then", () => {
    expect(planRestore(account({ language: 'zh-CN', timeZone: null }), browser(), 'sign-in').save).toEqual({
      timeZone: 'Asia/Shanghai',
    })
    expect(
      planRestore(account({ timeZone: 'Europe/Berlin' }), browser({ timeZone: 'Asia/Tokyo' }), 'sign-in')
        .save,
    ).toEqual({ language: 'zh-CN', timeZone: 'Asia/Tokyo' })
    expect(
      planRestore(account({ language: 'zh-CN' }), browser({ timeZone: undefined }), 'sign-in').save,
    ).toBeNull()
  })
})

describe('planRestore when the console loads', () => {
  it("switches to the account's language when this browser stored none", () => {
    expect(planRestore(account({ language: 'en-US' }), browser(), 'console-load').language).toBe('en-US')
  })

  it("saves this browser's own differing choice instead of overriding it", () => {
    expect(
      planRestore(
        account({ language: 'zh-CN' }),
        browser({ language: 'en-US', chosenLanguage: 'en-US' }),
        'console-load',
      ),
    ).toEqual({ language: null, hideTour: false, save: { language: 'en-US' } })
  })

  it('does nothing when both agree', () => {
    expect(
      planRestore(
        account({ language: 'en-US', tourSeen: true }),
        browser({ language: 'en-US', chosenLanguage: 'en-US' }),
        'console-load',
      ),
    ).toEqual({ language: null, hideTour: true, save: null })
  })
})
