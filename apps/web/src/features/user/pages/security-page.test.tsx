import type { ActiveSession, SignInEvent } from '@proxy/contract/user/endpoints'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeCustomer } from '../../../test/fake-customer.ts'
import { mockApi, renderRoute } from '../../../test/render-route.tsx'
import { SecurityPage } from './security-page.tsx'

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

const THIS_ONE: ActiveSession = {
  id: '11111111-1111-4111-8111-111111111111',
  createdAt: '2026-11-20T08:00:00.000Z',
  lastSeenAt: '2026-11-23T08:00:00.000Z',
  ip: '203.0.113.7',
  userAgent: CHROME,
  current: true,
}
const PHONE: ActiveSession = {
  id: '22222222-2222-4222-8222-222222222222',
  createdAt: '2026-11-18T08:00:00.000Z',
  lastSeenAt: '2026-11-22T08:00:00.000Z',
  ip: '198.51.100.4',
  userAgent: SAFARI,
  current: false,
}
const EVENTS: SignInEvent[] = [
  {
    id: 'e2',
    outcome: 'bad-code',
    ip: '198.51.100.9',
    userAgent: null,
    createdAt: '2026-11-23T07:00:00.000Z',
  },
  {
    id: 'e1',
    outcome: 'success',
    ip: '203.0.113.7',
    userAgent: CHROME,
    createdAt: '2026-11-20T08:00:00.000Z',
  },
]
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
const CODES = Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i).padStart(2, '0')}`.slice(0, 11))

/** The account's security as the server keeps it; the fake API answers from it and changes it. */
const fakeServer = ({ twoFactor = false } = {}) => {
  const state = { twoFactor, sessions: [THIS_ONE, PHONE] }
  const request = mockApi(({ url, method, params }) => {
    if (url === '/user/me' && method === 'GET') return fakeCustomer({ twoFactor: state.twoFactor })
    if (url === '/user/sessions' && method === 'GET') return { items: state.sessions }
    if (url === '/user/sign-ins' && method === 'GET')
      return { items: EVENTS, total: 2, ...(params as { page: number; pageSize: number }) }
    if (url === '/user/2fa/setup' && method === 'POST')
      return { uri: `otpauth://totp/CloudHub%20Proxy:lin%40example.com?secret=${SECRET}`, secret: SECRET }
    if (url === '/user/2fa/enable' && method === 'POST') {
      state.twoFactor = true
      return { recoveryCodes: CODES }
    }
    if (url === '/user/2fa/disable' && method === 'POST') {
      state.twoFactor = false
      return null
    }
    if (url.startsWith('/user/sessions/') && method === 'DELETE') {
      state.sessions = state.sessions.filter((session) => !url.endsWith(session.id))
      return null
    }
    if (url === '/user/sessions/revoke-others' && method === 'POST') {
      const revoked = state.sessions.length - 1
      state.sessions = [THIS_ONE]
      return { revoked }
    }
    throw new Error(`unexpected ${method} ${url}`)
  })
  return { state, request }
}

const render = () => renderRoute(<SecurityPage />, { path: '/console/security', url: '/console/security' })

const bodyOf = (request: ReturnType<typeof mockApi>, url: string) =>
  request.mock.calls.map(([config]) => config).find((config) => config.url === url)?.data

const confirmPopup = async () => {
  const ok = await waitFor(() => {
    const found = document.querySelector<HTMLElement>('.ant-popconfirm-buttons .ant-btn-primary')
    if (!found) throw new Error('no confirmation')
    return found
  })
  fireEvent.click(ok)
}

afterEach(() => vi.restoreAllMocks())

describe('account security page', { timeout: 40_000 }, () => {
  it('shows the two-factor state, the signed-in devices and the sign-in history', async () => {
    fakeServer()
    render()
    expect((await screen.findByTestId('two-factor-status')).textContent).toBe('未开启')
    const sessions = await screen.findByTestId('sessions-table')
    await within(sessions).findByText('Chrome · Windows')
    expect(within(sessions).getByText('Safari · iOS')).toBeTruthy()
    expect(within(sessions).getByText('当前设备')).toBeTruthy()
    // Only the other device can be signed out here.
    expect(within(sessions).getAllByTestId('revoke-session')).toHaveLength(1)
    const history = screen.getByTestId('sign-in-table')
    await within(history).findByText('验证码错误')
    expect(within(history).getByText('登录成功')).toBeTruthy()
    expect(within(history).getByText('198.51.100.9')).toBeTruthy()
  })

  it('turns two-factor sign-in on: password, QR code and key, a code, then the recovery codes once', async () => {
    const { request } = fakeServer()
    render()
    fireEvent.click(await screen.findByText('开启两步验证'))
    const modal = await screen.findByTestId('enable-two-factor-modal')
    fireEvent.change(within(modal).getByLabelText('当前密码'), { target: { value: 'correct horse battery' } })
    fireEvent.click(within(modal).getByText('下一步'))

    expect((await within(modal).findByTestId('two-factor-secret')).textContent).toBe(SECRET)
    expect(within(modal).getByTestId('two-factor-qr')).toBeTruthy()
    expect(bodyOf(request, '/user/2fa/setup')).toEqual({ password: 'correct horse battery' })

    fireEvent.click(within(modal).getByText('验证并开启'))
    expect(await within(modal).findByText('请输入验证码')).toBeTruthy()
    fireEvent.change(within(modal).getByLabelText('验证码'), { target: { value: '12345' } })
    fireEvent.click(within(modal).getByText('验证并开启'))
    expect(await within(modal).findByText('请输入 6 位数字验证码')).toBeTruthy()
    expect(bodyOf(request, '/user/2fa/enable')).toBeUndefined()

    fireEvent.change(within(modal).getByLabelText('验证码'), { target: { value: '123456' } })
    fireEvent.click(within(modal).getByText('验证并开启'))
    const list = await within(modal).findByTestId('recovery-codes')
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES)
    expect(bodyOf(request, '/user/2fa/enable')).toEqual({ code: '123456' })
    // The key is not shown any more.
    expect(within(modal).queryByTestId('two-factor-secret')).toBeNull()

    fireEvent.click(within(modal).getByText('我已保存'))
    await waitFor(() => expect(screen.queryByTestId('recovery-codes')).toBeNull())
    await waitFor(() => expect(screen.getByTestId('two-factor-status').textContent).toBe('已开启'))
    expect(screen.getByText('关闭两步验证')).toBeTruthy()
  })

  it('turns two-factor sign-in off with the password and a code', async () => {
    const { request } = fakeServer({ twoFactor: true })
    render()
    fireEvent.click(await screen.findByText('关闭两步验证'))
    const modal = await screen.findByTestId('disable-two-factor-modal')
    fireEvent.change(within(modal).getByLabelText('当前密码'), { target: { value: 'correct horse battery' } })
    fireEvent.change(within(modal).getByLabelText('验证码或恢复码'), { target: { value: ' abcde-fgh01 ' } })
    fireEvent.click(
      within(modal)
        .getAllByRole('button', { name: /关闭两步验证/ })
        .at(-1) as HTMLElement,
    )
    await waitFor(() => expect(screen.getByTestId('two-factor-status').textContent).toBe('未开启'))
    expect(bodyOf(request, '/user/2fa/disable')).toEqual({
      password: 'correct horse battery',
      code: 'abcde-fgh01',
    })
  })

  it('signs another device out after a confirmation', async () => {
    const { request } = fakeServer()
    render()
    const sessions = await screen.findByTestId('sessions-table')
    fireEvent.click(await within(sessions).findByTestId('revoke-session'))
    expect(request.mock.calls.some(([config]) => config.method?.toUpperCase() === 'DELETE')).toBe(false)
    await confirmPopup()
    await waitFor(() => expect(within(sessions).queryByText('Safari · iOS')).toBeNull())
    const deletes = request.mock.calls
      .map(([config]) => config)
      .filter((config) => config.method?.toUpperCase() === 'DELETE')
    expect(deletes.map((config) => config.url)).toEqual([`/user/sessions/${PHONE.id}`])
  })

  it('signs every other device out after a confirmation', async () => {
    const { request } = fakeServer()
    render()
    const button = await screen.findByTestId('revoke-other-sessions')
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false))
    fireEvent.click(button)
    await confirmPopup()
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true))
    expect(
      request.mock.calls.filter(([config]) => config.url === '/user/sessions/revoke-others'),
    ).toHaveLength(1)
    expect(within(screen.getByTestId('sessions-table')).queryByText('Safari · iOS')).toBeNull()
  })
})
