import Cookies from 'js-cookie'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { clearSession } from './clear-session.ts'
import { FIRST_VISIT_COOKIE, TOKEN_COOKIE } from './token.ts'

describe('clearSession', () => {
  beforeEach(() => {
    localStorage.clear()
    sessionStorage.clear()
  })

  it('empties both storages and removes the token and first-visit cookies', () => {
    localStorage.setItem('recentRouter', '[]')
    localStorage.setItem('language', 'en-US')
    sessionStorage.setItem('draft', 'x')
    Cookies.set(TOKEN_COOKIE, 'secret', { path: '/' })
    Cookies.set(FIRST_VISIT_COOKIE, '1', { path: '/' })
    Cookies.set('unrelated', 'kept', { path: '/' })

    clearSession()

    expect(localStorage.length).toBe(0)
    expect(sessionStorage.length).toBe(0)
    expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined()
    expect(Cookies.get(FIRST_VISIT_COOKIE)).toBeUndefined()
    expect(Cookies.get('unrelated')).toBe('kept')
  })

  it('works on injected stores', () => {
    const local = { clear: vi.fn() }
    const session = { clear: vi.fn() }
    const removeCookie = vi.fn()

    clearSession({ local, session, removeCookie })

    expect(local.clear).toHaveBeenCalledOnce()
    expect(session.clear).toHaveBeenCalledOnce()
    expect(removeCookie.mock.calls.map(([name]) => name).sort()).toEqual(
      [FIRST_VISIT_COOKIE, TOKEN_COOKIE].sort(),
    )
  })
})
