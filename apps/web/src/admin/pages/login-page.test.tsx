import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
// Loaded up front: sign-in lands on the customers page, which the route imports lazily.
import './customers/customers-page.tsx'
import { apiError, fakeOperator, mockAdminApi, renderAdmin, requestsTo } from '../test/render-admin.tsx'

afterEach(() => vi.restoreAllMocks())

const fill = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } })

const signIn = (totp = '123456') => {
  fill('login-email', 'owner@example.com')
  fill('login-password', 'one-time pass')
  fill('login-totp', totp)
  fireEvent.click(screen.getByTestId('login-submit'))
}

describe('sign-in page', () => {
  it('signs in with email, password and code, then goes to the page that was wanted', async () => {
    const operator = fakeOperator('owner')
    const request = mockAdminApi(({ url }) => {
      if (url === '/admin/auth/login' || url === '/admin/auth/me') return operator
      if (url === '/admin/customers') return { items: [], total: 0, page: 1, pageSize: 20 }
      throw new Error(`unexpected ${url}`)
    })
    const { location } = await renderAdmin('/login?redirect=%2Fcustomers')
    signIn()
    await waitFor(() => expect(location()).toBe('/customers'))
    const [login] = requestsTo(request, 'POST', '/admin/auth/login')
    expect(login?.data).toEqual({ email: 'owner@example.com', password: 'one-time pass', totp: '123456' })
    expect(await screen.findByTestId('customers-table')).toBeTruthy()
  })

  it('sends a first sign-in to the password change, and on to the overview after it', async () => {
    const first = fakeOperator('finance', { mustChangePassword: true })
    const changed = { ...first, mustChangePassword: false }
    const request = mockAdminApi(({ url }) => {
      if (url === '/admin/auth/login') return first
      if (url === '/admin/auth/password') return changed
      if (url === '/admin/auth/me') return changed
      throw new Error(`unexpected ${url}`)
    })
    const { location } = await renderAdmin('/login')
    signIn('abcde-12345')
    await waitFor(() => expect(location()).toBe('/password?redirect=%2F'))
    expect(requestsTo(request, 'POST', '/admin/auth/login')[0]?.data).toMatchObject({ totp: 'abcde-12345' })

    await screen.findByTestId('password-old')
    fill('password-old', 'one-time pass')
    fill('password-new', 'a new long password')
    fill('password-confirm', 'a new long passwore')
    fireEvent.click(screen.getByTestId('password-submit'))
    expect(await screen.findByText('两次输入的新密码不一致')).toBeTruthy()
    expect(requestsTo(request, 'POST', '/admin/auth/password')).toHaveLength(0)

    fill('password-confirm', 'a new long password')
    fireEvent.click(screen.getByTestId('password-submit'))
    await waitFor(() => expect(location()).toBe('/'))
    expect(requestsTo(request, 'POST', '/admin/auth/password')[0]?.data).toEqual({
      oldPassword: 'one-time pass',
      newPassword: 'a new long password',
    })
    expect(await screen.findByTestId('overview-operator')).toBeTruthy()
  })

  it('shows one and the same message whichever part was wrong, and stays on the page', async () => {
    const refusals = [apiError('INVALID_CREDENTIALS'), apiError('TWO_FACTOR_CODE_INVALID')]
    mockAdminApi(() => {
      throw refusals.shift()
    })
    const { location } = await renderAdmin('/login')
    signIn()
    expect((await screen.findByTestId('login-error')).textContent).toBe('登录失败：邮箱、密码或验证码有误。')
    signIn('654321')
    await waitFor(() => expect(refusals).toHaveLength(0))
    await waitFor(() => expect(screen.getAllByTestId('login-error')).toHaveLength(1))
    expect(screen.getByTestId('login-error').textContent).toBe('登录失败：邮箱、密码或验证码有误。')
    expect(screen.queryByText(/code is wrong|验证码错误或已使用/)).toBeNull()
    expect(location()).toBe('/login')
  })

  it('renders the password change in English', async () => {
    mockAdminApi(() => fakeOperator('owner', { mustChangePassword: true }))
    await renderAdmin('/password', 'en-US')
    expect(await screen.findByText('Change your one-time password before anything else.')).toBeTruthy()
    expect(screen.getByText('Confirm the new password')).toBeTruthy()
  })

  it('refuses a code that is neither 6 digits nor a recovery code before asking the server', async () => {
    const request = mockAdminApi(() => fakeOperator('owner'))
    await renderAdmin('/login', 'en-US')
    expect(screen.getByText('Operator sign-in')).toBeTruthy()
    signIn('12345')
    expect(await screen.findByText('Enter 6 digits or a recovery code')).toBeTruthy()
    expect(request).not.toHaveBeenCalled()
  })
})
