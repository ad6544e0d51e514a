// The portal's sign-in island as the console's /portal/home route shows it: the calls go out with fetch (no axios,
// no zod on the portal), the account's preferences come back before the console opens, and refusals show on the form.
import { errorCatalogue } from '@proxy/contract/errors'
import type { Me } from '@proxy/contract/user/endpoints'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import Cookies from 'js-cookie'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FIRST_VISIT_COOKIE, TOKEN_COOKIE } from '../../shared/session/token.ts'
import { fakeCustomer } from '../../test/fake-customer.ts'
import { mockApi, renderRoute } from '../../test/render-route.tsx'
import { i18n } from '../i18n.ts'
import { PortalPage } from './portal-page.tsx'

const REGION = {
  id: 'us-lax',
  countryCode: 'us',
  country: '美国',
  city: '洛杉矶',
  countryEn: 'United States',
  cityEn: 'Los Angeles',
  ispType: 'datacenter',
  protocols: ['socks5'],
  stock: 3,
  pricePer30Days: 25,
  prices: [{ durationDays: 30, discountPercent: 0, unitPrice: 25 }],
}
const SOLD_OUT = { ...REGION, id: 'jp-tyo', countryCode: 'jp', stock: 0 }
const PLAN = {
  id: 'gb-10',
  name: '10 GB',
  nameEn: '10 GB',
  sizeBytes: 10 * 1024 ** 3,
  price: 30,
  pricePerGb: 3,
  validityDays: 30,
}

type Answer = { code: number; message?: string; data?: unknown; status?: number }
type Call = { url: string; body: unknown; headers: Record<string, string> }

let calls: Call[] = []
/** The portal's own calls (fetch): `answer` gives each its envelope. */
const fakeFetch = (answer: (call: Call) => Answer) =>
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const call = {
      url: String(input),
      body: init?.body === undefined ? undefined : JSON.parse(String(init.body)),
      headers: (init?.headers ?? {}) as Record<string, string>,
    }
    calls.push(call)
    const { status = 200, ...envelope } = answer(call)
    return new Response(JSON.stringify(envelope), { status, headers: { 'content-type': 'application/json' } })
  })

let signIns = 0
const session = () => ({
  token: `st_${String(++signIns).padStart(43, 'x')}`,
  expiresAt: '2099-01-01T00:00:00.000Z',
})

/** The console's calls (axios): the catalogue and /user/me. */
const consoleApi = (account: Me) =>
  mockApi(({ url, method, data }) => {
    if (url === '/catalog/static-ip') return { regions: [REGION, SOLD_OUT], durations: [30] }
    if (url === '/catalog/traffic-plans') return { plans: [PLAN] }
    if (url === '/user/me' && method === 'GET') return account
    if (url === '/user/me' && method === 'PATCH') return { ...account, ...(data as Partial<Me>) }
    throw new Error(`unexpected ${method} ${url}`)
  })

const render = (url = '/portal/home') => renderRoute(<PortalPage />, { path: '/portal/home', url })

const signIn = (url?: string) => {
  const view = render(url)
  fireEvent.change(screen.getByLabelText('邮箱'), { target: { value: 'lin@example.com' } })
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'correct horse battery' } })
  fireEvent.click(screen.getByRole('button', { name: /登\s?录/ }))
  return view
}

beforeEach(() => {
  calls = []
  localStorage.clear()
  Cookies.remove(FIRST_VISIT_COOKIE, { path: '/' })
})
afterEach(async () => {
  vi.restoreAllMocks()
  Cookies.remove(TOKEN_COOKIE, { path: '/' })
  Cookies.remove(FIRST_VISIT_COOKIE, { path: '/' })
  await act(() => i18n.changeLanguage('zh-CN'))
})

describe('portal', { timeout: 20_000 }, () => {
  it('shows 登录 with the 账号 and 注册 tabs, and links to the forgotten-password page', () => {
    consoleApi(fakeCustomer())
    render()
    expect(screen.getByTestId('auth-title').textContent).toBe('登录')
    expect(screen.getByRole('tab', { name: '账号' }).getAttribute('aria-selected')).toBe('true')
    fireEvent.click(screen.getByRole('tab', { name: '注册' }))
    expect(screen.getByTestId('register-form')).toBeTruthy()
    fireEvent.click(screen.getByRole('tab', { name: '账号' }))
    const link = screen.getByTestId('forgot-password-link')
    expect(link.textContent).toBe('忘记密码？')
    expect(link.getAttribute('href')).toBe('/portal/forgot-password')
  })

  it('switches the language from its own switch', async () => {
    consoleApi(fakeCustomer())
    render()
    fireEvent.click(screen.getByLabelText('English'))
    await waitFor(() => expect(screen.getByTestId('auth-title').textContent).toBe('Login'))
    expect(i18n.language).toBe('en-US')
    expect(localStorage.getItem('language')).toBe('en-US')
    expect(screen.getByRole('tab', { name: 'Account' })).toBeTruthy()
  })

  it('checks the fields before calling the server', async () => {
    const post = fakeFetch(() => ({ code: 0, data: session() }))
    consoleApi(fakeCustomer())
    render()
    fireEvent.click(screen.getByRole('tab', { name: '注册' }))
    fireEvent.change(screen.getByLabelText('邮箱'), { target: { value: 'not-an-email' } })
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'short' } })
    fireEvent.change(screen.getByLabelText('确认密码'), { target: { value: 'other' } })
    fireEvent.click(screen.getByRole('button', { name: '注册并登录' }))
    expect(await screen.findByText('请输入有效的邮箱地址')).toBeTruthy()
    expect(screen.getByText('密码至少 8 位')).toBeTruthy()
    expect(screen.getByText('两次输入的密码不一致')).toBeTruthy()
    expect(post).not.toHaveBeenCalled()
  })
})

describe('signing in', { timeout: 20_000 }, () => {
  it("restores the account's language and tour state before entering the console", async () => {
    fakeFetch(() => ({ code: 0, data: session() }))
    consoleApi(fakeCustomer({ language: 'en-US', tourSeen: true }))
    const { router } = signIn()
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/overview'))
    expect(calls).toHaveLength(1)
    expect(calls[0]?.url).toBe('/api/auth/login')
    expect(calls[0]?.body).toEqual({ email: 'lin@example.com', password: 'correct horse battery' })
    expect(calls[0]?.headers).toMatchObject({
      Authorization: 'Bearer ',
      'Accept-Language': 'zh-CN',
      currencyCode: 'CNY',
    })
    expect(Cookies.get(TOKEN_COOKIE)).toMatch(/^st_/)
    expect(i18n.language).toBe('en-US')
    expect(localStorage.getItem('language')).toBe('en-US')
    expect(Cookies.get(FIRST_VISIT_COOKIE)).toBe('1')
  })

  it('saves the language shown when the account has none yet, and keeps the tour for a newcomer', async () => {
    fakeFetch(() => ({ code: 0, data: session() }))
    const request = consoleApi(fakeCustomer({}))
    const { router } = signIn()
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/overview'))
    const patches = request.mock.calls.map(([config]) => config).filter((config) => config.method === 'PATCH')
    expect(patches.map((config) => config.data)).toEqual([{ language: 'zh-CN' }])
    expect(i18n.language).toBe('zh-CN')
    expect(Cookies.get(FIRST_VISIT_COOKIE)).toBeUndefined()
  })

  it('follows a safe ?redirect= to the page it names', async () => {
    fakeFetch(() => ({ code: 0, data: session() }))
    consoleApi(fakeCustomer({ tourSeen: true }))
    const { router } = signIn(`/portal/home?redirect=${encodeURIComponent('/console/ipList?page=2')}`)
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/ipList'))
    expect(router.state.location.search).toBe('?page=2')
  })

  it('shows one translated error, on the form, for wrong credentials', async () => {
    fakeFetch(() => ({
      code: errorCatalogue.INVALID_CREDENTIALS.code,
      message: 'Wrong email or password',
      status: 401,
    }))
    consoleApi(fakeCustomer())
    const { router } = signIn()
    const error = await screen.findByTestId('form-error')
    expect(error.textContent).toContain('邮箱或密码错误')
    expect(screen.getAllByTestId('form-error')).toHaveLength(1)
    expect(router.state.location.pathname).toBe('/portal/home')
    expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined()
  })
})

describe('two-factor sign-in', { timeout: 20_000 }, () => {
  const CHALLENGE = {
    twoFactorRequired: true,
    challenge: 'v1.sealed.challenge.text',
    expiresAt: '2099-01-01T00:05:00.000Z',
  }
  const SESSION = { token: `st_${'y'.repeat(43)}`, expiresAt: '2099-01-01T00:00:00.000Z' }

  /** The password step answers a challenge; the code step answers `codeAnswers` in turn. */
  const twoFactorServer = (codeAnswers: Answer[]) => {
    consoleApi(fakeCustomer({ language: 'zh-CN', tourSeen: true, twoFactor: true }))
    return fakeFetch(({ url }) => {
      if (url === '/api/auth/login') return { code: 0, data: CHALLENGE }
      const next = codeAnswers.shift()
      if (!next) throw new Error('no more answers')
      return next
    })
  }

  const enterCode = (code: string) => {
    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: code } })
    fireEvent.click(screen.getByRole('button', { name: '验证并登录' }))
  }

  it('asks for the code after a right password, then signs in with it', async () => {
    twoFactorServer([{ code: 0, data: SESSION }])
    const { router } = signIn()
    await screen.findByTestId('two-factor-step')
    expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined()
    expect(router.state.location.pathname).toBe('/portal/home')
    enterCode(' 123456 ')
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/overview'))
    expect(calls.at(-1)?.url).toBe('/api/auth/login/2fa')
    expect(calls.at(-1)?.body).toEqual({ challenge: CHALLENGE.challenge, code: '123456' })
    expect(Cookies.get(TOKEN_COOKIE)).toBe(SESSION.token)
  })

  it('shows a wrong code once, on the form, and lets the customer try again or go back', async () => {
    twoFactorServer([
      { code: errorCatalogue.TWO_FACTOR_CODE_INVALID.code, message: 'The code is wrong', status: 422 },
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
    twoFactorServer([])
    signIn()
    await screen.findByTestId('two-factor-step')
    fireEvent.click(screen.getByRole('button', { name: '验证并登录' }))
    expect(await screen.findByText('请输入验证码')).toBeTruthy()
    expect(calls).toHaveLength(1)
  })
})
