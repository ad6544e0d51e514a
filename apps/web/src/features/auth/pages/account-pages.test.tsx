import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import Cookies from 'js-cookie'
import { StrictMode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../app/i18n.ts'
import { ApiError } from '../../../shared/http/api-error.ts'
import { TOKEN_COOKIE } from '../../../shared/session/token.ts'
import { type FakeApi, mockApi, renderRoute } from '../../../test/render-route.tsx'
import { ForgotPasswordPage } from './forgot-password-page.tsx'
import { ResetPasswordPage } from './reset-password-page.tsx'
import { VerifyEmailPage } from './verify-email-page.tsx'

const TOKEN = 'Abc_-0123456789abcdefghijklmnopqrstuvwxyzAB'
const LINK_INVALID = () => new ApiError('This link is invalid, already used or expired', 2020, 422)

const fakeServer = (answer: FakeApi) => {
  const request = mockApi(answer)
  const posts = (url: string) =>
    request.mock.calls
      .map(([config]) => config)
      .filter((config) => config.method === 'POST' && config.url === url)
      .map((config) => config.data)
  return { request, posts }
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })

afterEach(async () => {
  vi.restoreAllMocks()
  Cookies.remove(TOKEN_COOKIE, { path: '/' })
  await act(() => i18n.changeLanguage('zh-CN'))
})

// antd in jsdom is slow on a busy machine.
describe('forgot-password page', { timeout: 20_000 }, () => {
  const open = () =>
    renderRoute(<ForgotPasswordPage />, { path: '/portal/forgot-password', url: '/portal/forgot-password' })

  it('checks the address before sending, then says a mail is on its way if the account exists', async () => {
    const server = fakeServer(() => null)
    open()
    expect(screen.getByTestId('account-page-title').textContent).toBe('找回密码')
    fireEvent.click(screen.getByRole('button', { name: '发送重置链接' }))
    await screen.findByText('请输入邮箱')
    type('邮箱', 'not an email')
    await screen.findByText('请输入有效的邮箱地址')
    expect(server.request).not.toHaveBeenCalled()

    type('邮箱', 'lin@example.com')
    fireEvent.click(screen.getByRole('button', { name: '发送重置链接' }))
    const sent = await screen.findByTestId('forgot-password-sent')
    expect(server.posts('/auth/password-reset')).toEqual([{ email: 'lin@example.com' }])
    expect(sent.textContent).toContain('如果 lin@example.com 已注册')
    expect(sent.textContent).toContain('30 分钟')
    // Again: back to the form with nothing lost but the answer.
    fireEvent.click(screen.getByRole('button', { name: /重新发送/ }))
    await screen.findByTestId('forgot-password-form')
  })

  it("shows the server's refusal (too many requests) in the reader's language", async () => {
    fakeServer(() => {
      throw new ApiError('Too many requests, try again later', 1129, 429)
    })
    open()
    await act(() => i18n.changeLanguage('en-US'))
    expect(screen.getByTestId('account-page-title').textContent).toBe('Reset your password')
    type('Email', 'lin@example.com')
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect((await screen.findByTestId('form-error')).textContent).toBe('Too many requests, try again later')
  })
})

describe('reset-password page', { timeout: 20_000 }, () => {
  const open = (hash: string) =>
    renderRoute(<ResetPasswordPage />, {
      path: '/portal/reset-password',
      url: `/portal/reset-password${hash}`,
    })

  it('takes the token out of the address and posts it with the new password', async () => {
    const server = fakeServer(() => null)
    const { router } = open(`#token=${TOKEN}`)
    await waitFor(() => expect(router.state.location.hash).toBe(''))
    type('密码', 'a brand new passphrase')
    type('确认密码', 'a different passphrase')
    fireEvent.click(screen.getByRole('button', { name: '设置新密码' }))
    await screen.findByText('两次输入的密码不一致')
    expect(server.request).not.toHaveBeenCalled()

    type('确认密码', 'a brand new passphrase')
    fireEvent.click(screen.getByRole('button', { name: '设置新密码' }))
    await screen.findByTestId('reset-password-done')
    expect(server.posts('/auth/password-reset/confirm')).toEqual([
      { token: TOKEN, password: 'a brand new passphrase' },
    ])
  })

  it('forgets the session of this browser too, as the server ended it', async () => {
    Cookies.set(TOKEN_COOKIE, 'st_signed-in-here', { path: '/' })
    fakeServer(() => null)
    open(`#token=${TOKEN}`)
    type('密码', 'a brand new passphrase')
    type('确认密码', 'a brand new passphrase')
    fireEvent.click(screen.getByRole('button', { name: '设置新密码' }))
    await screen.findByTestId('reset-password-done')
    expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined()
  })

  it('offers a new link when this one is spent or expired', async () => {
    fakeServer(() => {
      throw LINK_INVALID()
    })
    open(`#token=${TOKEN}`)
    type('密码', 'a brand new passphrase')
    type('确认密码', 'a brand new passphrase')
    fireEvent.click(screen.getByRole('button', { name: '设置新密码' }))
    expect((await screen.findByTestId('form-error')).textContent).toBe('链接无效、已使用或已过期，请重新获取')
    expect(screen.getByTestId('request-new-link').getAttribute('href')).toBe('/portal/forgot-password')
  })

  it('says the link is incomplete when the address has no token', async () => {
    const server = fakeServer(() => null)
    open('')
    expect(await screen.findByTestId('reset-password-no-token')).toBeTruthy()
    cleanup()
    open('#token=short')
    expect(await screen.findByTestId('reset-password-no-token')).toBeTruthy()
    expect(server.request).not.toHaveBeenCalled()
  })
})

describe('verify-email page', { timeout: 20_000 }, () => {
  const open = (hash: string) =>
    renderRoute(
      <StrictMode>
        <VerifyEmailPage />
      </StrictMode>,
      { path: '/portal/verify-email', url: `/portal/verify-email${hash}` },
    )

  it('verifies once on arrival and leads a signed-out visitor to sign in', async () => {
    const server = fakeServer(() => null)
    const { router } = open(`#token=${TOKEN}`)
    await screen.findByTestId('verify-email-done')
    expect(server.posts('/auth/verify-email')).toEqual([{ token: TOKEN }])
    expect(router.state.location.hash).toBe('')
    expect(screen.getByRole('link', { name: /去登录/ }).getAttribute('href')).toBe('/portal/home')
  })

  it('leads a signed-in customer to the console', async () => {
    Cookies.set(TOKEN_COOKIE, 'st_signed-in-here', { path: '/' })
    fakeServer(() => null)
    open(`#token=${TOKEN}`)
    await screen.findByTestId('verify-email-done')
    expect(screen.getByRole('link', { name: /进入控制台/ }).getAttribute('href')).toBe('/console/overview')
  })

  it('explains a refused link and offers a new mail to a signed-in customer', async () => {
    Cookies.set(TOKEN_COOKIE, 'st_signed-in-here', { path: '/' })
    const server = fakeServer(({ url }) => {
      if (url === '/auth/verify-email') throw LINK_INVALID()
      return null
    })
    open(`#token=${TOKEN}`)
    const failed = await screen.findByTestId('verify-email-failed')
    expect(failed.textContent).toContain('链接无效、已使用或已过期')
    fireEvent.click(screen.getByTestId('verify-resend'))
    await waitFor(() =>
      expect(screen.getByTestId('verify-resend').textContent).toBe('验证邮件已发送，请查收'),
    )
    expect(server.posts('/user/verify-email/resend')).toHaveLength(1)
    expect(server.posts('/auth/verify-email')).toHaveLength(1)
  })

  it('sends nothing without a token', async () => {
    const server = fakeServer(() => null)
    open('')
    await screen.findByTestId('verify-email-no-token')
    expect(server.request).not.toHaveBeenCalled()
  })
})
