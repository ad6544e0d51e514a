import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import i18n from 'i18next'
import Cookies from 'js-cookie'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeCustomer } from '../../test/fake-customer.ts'
import { mockApi, renderRoute } from '../../test/render-route.tsx'
import { TOKEN_COOKIE } from '../session/token.ts'
import { LanguageSwitch } from './language-switch.tsx'

const fakeServer = () =>
  mockApi(({ url, method, data }) => {
    if (url === '/user/me' && method === 'PATCH') return fakeCustomer(data as object)
    throw new Error(`unexpected ${method} ${url}`)
  })

const switchTo = (label: string) => {
  renderRoute(<LanguageSwitch />, { path: '/portal/home', url: '/portal/home' })
  fireEvent.click(screen.getByText(label))
}

afterEach(async () => {
  vi.restoreAllMocks()
  Cookies.remove(TOKEN_COOKIE, { path: '/' })
  await act(() => i18n.changeLanguage('zh-CN'))
})

describe('LanguageSwitch', () => {
  it('keeps the choice on the account while signed in', async () => {
    Cookies.set(TOKEN_COOKIE, 'st_signed-in', { path: '/' })
    const request = fakeServer()
    switchTo('English')
    await waitFor(() => expect(request).toHaveBeenCalledOnce())
    expect(request).toHaveBeenCalledWith(
      expect.objectContaining({
        method: 'PATCH',
        url: '/user/me',
        data: { language: 'en-US' },
        silent: true,
      }),
    )
    expect(i18n.language).toBe('en-US')
    expect(localStorage.getItem('language')).toBe('en-US')
  })

  it('only switches this browser when signed out', async () => {
    const request = fakeServer()
    switchTo('English')
    await waitFor(() => expect(i18n.language).toBe('en-US'))
    await act(() => new Promise((done) => setTimeout(done, 50)))
    expect(request).not.toHaveBeenCalled()
  })
})
