import { describe, expect, it } from 'vitest'
import { antdLocale, i18n, loadLanguage } from './i18n.ts'
import { resources } from './i18n-resources.ts'

describe('the console languages', () => {
  it('bundles zh-CN and loads en-US with antd’s locale on demand', async () => {
    expect(i18n.getResourceBundle('zh-CN', 'common')).toEqual(resources['zh-CN'].common)
    const english = await loadLanguage('en-US')
    expect(english.texts).toEqual(resources['en-US'])
    expect(antdLocale('en-US').locale).toBe('en')
    expect(antdLocale('zh-CN').locale).toBe('zh-cn')
    expect(await loadLanguage('en-US')).toBe(english)
  })

  it('switches to English and back, mirrored on <html lang>; only a choice is stored, never a load', async () => {
    localStorage.clear()
    await i18n.changeLanguage('en-US')
    expect(i18n.t('common:header.logoutConfirm')).toBe(resources['en-US'].common.header.logoutConfirm)
    expect(document.documentElement.lang).toBe('en-US')
    // A change that finished after a logout wiped the storage must not write it back.
    expect(localStorage.getItem('language')).toBeNull()
    await i18n.changeLanguage('zh-CN')
    expect(i18n.t('common:header.logoutConfirm')).toBe('确认退出登录？')
  })
})
