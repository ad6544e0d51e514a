// What the console shows from the account: the verification banner and the first-visit tour.
import type { Me } from '@proxy/contract/user/endpoints'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import Cookies from 'js-cookie'
import { createRef, type ReactElement } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FIRST_VISIT_COOKIE } from '../../shared/session/token.ts'
import { fakeCustomer } from '../../test/fake-customer.ts'
import { mockApi, renderRoute } from '../../test/render-route.tsx'
import { FirstVisitTour } from './first-visit-tour.tsx'
import { VerifyEmailBanner } from './verify-email-banner.tsx'

const fakeServer = (account: Me) => {
  const request = mockApi(({ url, method, data }) => {
    if (url === '/user/me' && method === 'GET') return account
    if (url === '/user/me' && method === 'PATCH') return { ...account, ...(data as Partial<Me>) }
    if (url === '/user/verify-email/resend' && method === 'POST') return null
    throw new Error(`unexpected ${method} ${url}`)
  })
  const calls = (method: string, url: string) =>
    request.mock.calls
      .map(([config]) => config)
      .filter((config) => config.method === method && config.url === url)
  return { request, calls }
}

const inConsole = (element: ReactElement) =>
  renderRoute(element, { path: '/console/overview', url: '/console/overview' })

beforeEach(() => Cookies.remove(FIRST_VISIT_COOKIE, { path: '/' }))
afterEach(() => {
  vi.restoreAllMocks()
  Cookies.remove(FIRST_VISIT_COOKIE, { path: '/' })
})

describe('verification banner', { timeout: 20_000 }, () => {
  it('asks an unverified customer to verify, and mails a new link on request', async () => {
    const server = fakeServer(fakeCustomer({ emailVerified: false }))
    inConsole(<VerifyEmailBanner />)
    const banner = await screen.findByTestId('verify-email-banner')
    expect(banner.textContent).toContain('邮箱 lin@example.com 尚未验证')
    fireEvent.click(screen.getByTestId('verify-email-resend'))
    await screen.findByText('验证邮件已发送到 lin@example.com，请打开邮件中的链接')
    expect(server.calls('POST', '/user/verify-email/resend')).toHaveLength(1)
    await waitFor(() => expect(screen.getByTestId('verify-email-resend').hasAttribute('disabled')).toBe(true))
  })

  it('stays away once the address is verified', async () => {
    const server = fakeServer(fakeCustomer({ emailVerified: true }))
    inConsole(<VerifyEmailBanner />)
    await waitFor(() => expect(server.calls('GET', '/user/me')).toHaveLength(1))
    await act(() => new Promise((done) => setTimeout(done, 50)))
    expect(screen.queryByTestId('verify-email-banner')).toBeNull()
  })
})

describe('first-visit tour', { timeout: 20_000 }, () => {
  const targets = () => ({
    menu: createRef<HTMLElement>(),
    wallet: createRef<HTMLElement>(),
    avatar: createRef<HTMLElement>(),
  })

  it('tours a newcomer, and keeps finishing it on the account', async () => {
    const server = fakeServer(fakeCustomer({ tourSeen: false }))
    inConsole(<FirstVisitTour targets={targets()} />)
    await screen.findByText('功能菜单', {}, { timeout: 3000 })
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    await waitFor(() =>
      expect(server.calls('PATCH', '/user/me').map((config) => config.data)).toEqual([{ tourSeen: true }]),
    )
    expect(Cookies.get(FIRST_VISIT_COOKIE)).toBe('1')
  })

  it('is not shown when the account has seen it on another browser', async () => {
    const server = fakeServer(fakeCustomer({ tourSeen: true }))
    inConsole(<FirstVisitTour targets={targets()} />)
    await waitFor(() => expect(server.calls('GET', '/user/me')).toHaveLength(1))
    await act(() => new Promise((done) => setTimeout(done, 700)))
    expect(screen.queryByText('功能菜单')).toBeNull()
    expect(server.calls('PATCH', '/user/me')).toEqual([])
  })
})
