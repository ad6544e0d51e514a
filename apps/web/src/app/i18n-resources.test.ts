import { errorCatalogue } from '@proxy/contract/errors'
import { describe, expect, it } from 'vitest'
import { resources } from './i18n-resources.ts'

const leaves = (value: unknown, prefix = ''): [string, unknown][] =>
  typeof value === 'object' && value !== null
    ? Object.entries(value).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key))
    : [[prefix, value]]

describe('translations', () => {
  const zh = leaves(resources['zh-CN'])
  const en = leaves(resources['en-US'])

  it('have the same keys in zh-CN and en-US', () => {
    expect(en.map(([key]) => key).sort()).toEqual(zh.map(([key]) => key).sort())
  })

  it('have no empty labels', () => {
    for (const [key, value] of [...zh, ...en]) expect(value, key).toMatch(/\S/)
  })

  it('translate every error of the catalogue', () => {
    for (const name of Object.keys(errorCatalogue)) {
      expect(resources['zh-CN'].errors, name).toHaveProperty(name)
      expect(resources['en-US'].errors, name).toHaveProperty(name)
    }
  })

  it('carry the fixed labels of the spec', () => {
    expect(resources['zh-CN'].portal.card).toMatchObject({ title: '登录', accountTab: '账号' })
    expect(resources['en-US'].portal.card).toMatchObject({ title: 'Login', accountTab: 'Account' })
    expect(resources['zh-CN'].common.header.logoutConfirm).toBe('确认退出登录？')
    expect(resources['zh-CN'].common.errorBoundary).toEqual({
      title: '不好意思，页面发生错误！',
      retry: '重试一次试试？',
    })
    expect(resources['zh-CN'].user.profile.title).toBe('个人信息')
  })
})
