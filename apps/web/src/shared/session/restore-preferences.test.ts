import type { Me } from '@proxy/contract/user/endpoints'
import { QueryClient } from '@tanstack/react-query'
import i18n from 'i18next'
import Cookies from 'js-cookie'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeCustomer } from '../../test/fake-customer.ts'
import { mockApi } from '../../test/render-route.tsx'
import { LANGUAGE_KEY, persistLanguage } from '../i18n/language.ts'
import { browserTimeZone } from './account-preferences.ts'
import { restorePreferences } from './restore-preferences.ts'
import { FIRST_VISIT_COOKIE, TOKEN_COOKIE } from './token.ts'

let session = 0
/** A fresh session token per test: the restore runs once per token. */
const signIn = () => Cookies.set(TOKEN_COOKIE, `st_test-${++session}`, { path: '/' })

/** The account on a fake server: GET answers it, PATCH changes it like the server does. */
const fakeAccount = (initial: Me) => {
  let account = initial
  const request = mockApi(({ url, method, data }) => {
    if (url !== '/user/me') throw new Error(`unexpected ${method} ${url}`)
    if (method === 'PATCH') account = { ...account, ...(data as Partial<Me>) }
    return account
  })
  const patches = () =>
    request.mock.calls
      .map(([config]) => config)
      .filter((config) => config.method === 'PATCH')
      .map((config) => config.data)
  return { request, patches, account: () => account }
}

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } })

beforeEach(async () => {
  localStorage.clear()
  Cookies.remove(FIRST_VISIT_COOKIE, { path: '/' })
  await i18n.changeLanguage('zh-CN')
  localStorage.clear()
})
afterEach(async () => {
  vi.restoreAllMocks()
  Cookies.remove(TOKEN_COOKIE, { path: '/' })
  await i18n.changeLanguage('zh-CN')
})

describe('restorePreferences right after sign-in', () => {
  it("switches to the account's language and stores it, over the one picked on the portal", async () => {
    // Picked on the portal: stored.
    persistLanguage('zh-CN')
    await i18n.changeLanguage('zh-CN')
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('zh-CN')
    const server = fakeAccount(fakeCustomer({ language: 'en-US' }))
    signIn()
    await restorePreferences(newClient(), 'sign-in')
    expect(i18n.language).toBe('en-US')
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('en-US')
    expect(document.documentElement.lang).toBe('en-US')
    expect(server.patches()).toEqual([])
  })

  it('saves the current language when the account has none, and a time zone that differs', async () => {
    await i18n.changeLanguage('en-US')
    const server = fakeAccount(fakeCustomer({ timeZone: 'Pacific/Chatham' }))
    signIn()
    const client = newClient()
    await restorePreferences(client, 'sign-in')
    expect(server.patches()).toEqual([{ language: 'en-US', timeZone: browserTimeZone() }])
    expect(i18n.language).toBe('en-US')
    // The saved customer replaces the cached one.
    expect(client.getQueryData(['user', 'me'])).toMatchObject({ language: 'en-US' })
  })

  it('keeps the first-visit tour away when the account has seen it', async () => {
    fakeAccount(fakeCustomer({ language: 'zh-CN', tourSeen: true }))
    signIn()
    await restorePreferences(newClient(), 'sign-in')
    expect(Cookies.get(FIRST_VISIT_COOKIE)).toBe('1')
  })

  it('leaves the tour flag alone when the account has not seen it', async () => {
    fakeAccount(fakeCustomer({ language: 'zh-CN' }))
    signIn()
    await restorePreferences(newClient(), 'sign-in')
    expect(Cookies.get(FIRST_VISIT_COOKIE)).toBeUndefined()
  })

  it('runs once per session, and not at all without one', async () => {
    const server = fakeAccount(fakeCustomer({ language: 'en-US' }))
    await restorePreferences(newClient(), 'sign-in')
    expect(server.request).not.toHaveBeenCalled()
    signIn()
    await restorePreferences(newClient(), 'sign-in')
    await restorePreferences(newClient(), 'console-load')
    expect(server.request).toHaveBeenCalledOnce()
  })

  it('tries again on the next load when the account could not be read', async () => {
    const request = mockApi(() => {
      throw new Error('offline')
    })
    signIn()
    await restorePreferences(newClient(), 'sign-in')
    expect(i18n.language).toBe('zh-CN')
    request.mockRestore()
    fakeAccount(fakeCustomer({ language: 'en-US' }))
    await restorePreferences(newClient(), 'console-load')
    expect(i18n.language).toBe('en-US')
  })
})

describe('restorePreferences when the console loads', () => {
  it('follows the account when this browser stored no language', async () => {
    fakeAccount(fakeCustomer({ language: 'en-US' }))
    signIn()
    await restorePreferences(newClient(), 'console-load')
    expect(i18n.language).toBe('en-US')
  })

  it("saves this browser's own choice instead of overriding it", async () => {
    persistLanguage('en-US')
    await i18n.changeLanguage('en-US')
    const server = fakeAccount(fakeCustomer({ language: 'zh-CN' }))
    signIn()
    await restorePreferences(newClient(), 'console-load')
    expect(i18n.language).toBe('en-US')
    expect(server.patches()).toEqual([{ language: 'en-US' }])
    expect(server.account().language).toBe('en-US')
  })
})
