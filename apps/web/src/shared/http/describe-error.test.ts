import i18n from 'i18next'
import { beforeAll, describe, expect, it } from 'vitest'
import { ApiError } from './api-error.ts'
import { describeApiError } from './describe-error.ts'

describe('describeApiError', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('zh-CN')
  })

  it('translates a catalogue code', () => {
    expect(describeApiError(new ApiError('This email is already registered', 2001, 409))).toBe(
      '该邮箱已注册，请直接登录',
    )
  })

  it('falls back to the server message for an unknown code', () => {
    expect(describeApiError(new ApiError('Something new', 9999, 400))).toBe('Something new')
  })

  it('explains network failures and timeouts', () => {
    expect(describeApiError(new ApiError('Network Error', null, null))).toBe('网络异常，请检查网络后重试')
    expect(describeApiError(new ApiError('timeout', null, null))).toBe('请求超时，请稍后重试')
    expect(describeApiError(new ApiError('Bad Gateway', null, 502))).toBe('服务暂时不可用，请稍后重试')
  })

  it('follows the language', async () => {
    await i18n.changeLanguage('en-US')
    expect(describeApiError(new ApiError('x', 2002, 401))).toBe('Wrong email or password')
    await i18n.changeLanguage('zh-CN')
  })
})
