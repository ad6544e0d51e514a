import { errorCatalogue } from '@proxy/contract/errors'
import type { Me } from '@proxy/contract/user/endpoints'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import Cookies from 'js-cookie'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../app/i18n.ts'
import { ApiError } from '../../../shared/http/api-error.ts'
import { http } from '../../../shared/http/client.ts'
import { FIRST_VISIT_COOKIE, TOKEN_COOKIE } from '../../../shared/session/token.ts'
import { fakeCustomer } from '../../../test/fake-customer.ts'
import { mockApi, renderRoute } from '../../../test/render-route.tsx'
import { SignInForm } from './sign-in-form.tsx'

let signIns = 0
/** The sign-in call answers a new session; /user/me answers `account`. */
const fakeServer = (account: Me) => {
  const login = vi.spyOn(http, 'post').mockImplementation(async () => ({
    token: `st_${String(++signIns).padStart(43, 'x')}`,
    expiresAt: '2099-01-01T00:00:00.000Z',
  }))
  const request = mockApi(({ url, method, data }) => {
    if (url === '/user/me' && method === 'GET') return account
    if (url === '/user/me' && method === 'PATCH') return { ...account, ...(data as Partial<Me>) }
    throw new Error(`unexpected ${method} ${url}`)
  })
  return { login, request }
}

const signIn = () => {
  const view = renderRoute(<SignInForm />, { path: '/portal/home', url: '/portal/home' })
  fireEvent.change(screen.getByLabelText('邮箱'), { target: { value: 'lin@example.com' } })
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'correct horse battery' } })
  fireEvent.click(screen.getByRole('button', { name: /登\s?录/ }))
  return view
}

beforeEach(() => {
  localStorage.clear()
  Cookies.remove(FIRST_VISIT_COOKIE, { path: '/' })
})
afterEach(async () => {
  vi.restoreAllMocks()
  Cookies.remove(TOKEN_COOKIE, { path: '/' })
  Cookies.remove(FIRST_VISIT_COOKIE, { path: '/' })
  await act(() => i18n.changeLanguage('zh-CN'))
})

describe('sign-in form', { timeout: 20_000 }, () => {
  it('links to the forgotten-password page', () => {
    renderRoute(<SignInForm />, { path: '/portal/home', url: '/portal/home' })
    const link = screen.getByTestId('forgot-password-link')
    expect(link.textContent).toBe('忘记密码？')
    expect(link.getAttribute('href')).toBe('/portal/forgot-password')
  })

  it("restores the account's language and tour state before entering the console", async () => {
    const { login } = fakeServer(fakeCustomer({ language: 'en-US', tourSeen: true }))
    const { router } = signIn()
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/overview'))
    expect(login).toHaveBeenCalledWith(
      '/auth/login',
      { email: 'lin@example.com', password: 'correct horse battery' },
      { silent: true },
    )
    expect(Cookies.get(TOKEN_COOKIE)).toMatch(/^st_/)
    expect(i18n.language).toBe('en-US')
    expect(localStorage.getItem('language')).toBe('en-US')
    expect(Cookies.get(FIRST_VISIT_COOKIE)).toBe('1')
  })

  it('saves the language shown when the account has none yet, and keeps the tour for a newcomer', async () => {
    const { request } = fakeServer(fakeCustomer({}))
    const { router } = signIn()
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/overview'))
    const patches = request.mock.calls.map(([config]) => config).filter((config) => config.method === 'PATCH')
    expect(patches.map((config) => config.data)).toEqual([{ language: 'zh-CN' }])
    expect(patches[0]?.silent).toBe(true)
    expect(i18n.language).toBe('zh-CN')
    expect(Cookies.get(FIRST_VISIT_COOKIE)).toBeUndefined()
  })
})

describe('two-factor sign-in', { timeout: 20_000 }, () => {
  const CHALLENGE = {
    twoFactorRequired: true,
    challenge: 'v1.sealed.challenge.text',
    expiresAt: '2099-01-01T00:05:00.000Z',
  }
  const SESSION = { token: `st_${'y'.repeat(43)}`, expiresAt: '2099-01-01T00:00:00.000Z' }
  const WRONG_CODE = () =>
    new ApiError('The code is wrong or already used', errorCatalogue.TWO_FACTOR_CODE_INVALID.code, 422)

  /** The password step answers a challenge; the code step answers `codeAnswers` in turn. */
  const twoFactorServer = (codeAnswers: (() => unknown)[]) => {
    const post = vi.spyOn(http, 'post').mockImplementation(async (url) => {
      if (url === '/auth/login') return CHALLENGE
      const next = codeAnswers.shift()
      if (!next) throw new Error('no more answers')
      return next()
    })
    mockApi(({ url, method }) => {
      if (url === '/user/me' && method === 'GET')
        return fakeCustomer({ language: 'zh-CN', tourSeen: true, twoFactor: true })
      throw new Error(`unexpected ${method} ${url}`)
    })
    return post
  }

  const enterCode = (code: string) => {
    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: code } })
    fireEvent.click(screen.getByRole('button', { name: '验证并登录' }))
  }

  it('asks for the code after a right password, then signs in with it', async () => {
    const post = twoFactorServer([() => SESSION])
    const { router } = signIn()
    await screen.findByTestId('two-factor-step')
    expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined()
    expect(router.state.location.pathname).toBe('/portal/home')
    enterCode(' 123456 ')
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/overview'))
    expect(post).toHaveBeenLastCalledWith(
      '/auth/login/2fa',
      { challenge: CHALLENGE.challenge, code: '123456' },
      { silent: true },
    )
    expect(Cookies.get(TOKEN_COOKIE)).toBe(SESSION.token)
  })

  it('shows a wrong code once, on the form, and lets the customer try again or go back', async () => {
    twoFactorServer([
      () => {
        throw WRONG_CODE()
      },
    ])
    signIn()
    await screen.findByTestId('two-factor-step')
    enterCode('000000')
    const error = await screen.findByTestId('form-error')
    expect(error.textContent).toContain('验证码错误或已用过')
    expect(screen.getAllByTestId('form-error')).toHaveLength(1)
    expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined()
    fireEvent.click(screen.getByRole('button', { name: /返回重新输入密码/ }))
    expect(await screen.findByTestId('sign-in-form')).toBeTruthy()
    expect(screen.queryByTestId('form-error')).toBeNull()
  })

  it('refuses an empty code before calling the server', async () => {
    const post = twoFactorServer([])
    signIn()
    await screen.findByTestId('two-factor-step')
    fireEvent.click(screen.getByRole('button', { name: '验证并登录' }))
    expect(await screen.findByText('请输入验证码')).toBeTruthy()
    expect(post).toHaveBeenCalledTimes(1)
  })
})

describe('a refused sign-in', () => {
  it('shows one error, on the form, from a silent call (no toast besides)', async () => {
    const login = vi
      .spyOn(http, 'post')
      .mockRejectedValue(
        new ApiError('Wrong email or password', errorCatalogue.INVALID_CREDENTIALS.code, 401),
      )
    signIn()
    const error = await screen.findByTestId('form-error')
    expect(error.textContent).toContain('邮箱或密码错误')
    expect(screen.getAllByTestId('form-error')).toHaveLength(1)
    expect(login.mock.calls[0]?.[2]).toEqual({ silent: true })
  })
})
