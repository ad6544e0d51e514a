import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiError, fakeOperator, mockAdminApi, renderAdmin } from '../test/render-admin.tsx'

afterEach(() => vi.restoreAllMocks())

describe('session guard', () => {
  it('sends a visitor without a session to sign-in, keeping the wanted page in ?redirect=', async () => {
    mockAdminApi(() => {
      throw apiError('UNAUTHORIZED')
    })
    const { location } = await renderAdmin('/customers?q=lin')
    await waitFor(() => expect(location()).toBe('/login?redirect=%2Fcustomers%3Fq%3Dlin'))
    expect(await screen.findByTestId('login-submit')).toBeTruthy()
  })

  it('sends an operator whose password must change to the password page', async () => {
    mockAdminApi(({ url }) => {
      if (url === '/admin/auth/me') throw apiError('PASSWORD_CHANGE_REQUIRED')
      throw new Error(`unexpected ${url}`)
    })
    const { location } = await renderAdmin('/audit')
    await waitFor(() => expect(location()).toBe('/password'))
    expect(await screen.findByTestId('password-submit')).toBeTruthy()
  })

  it('also when the session check answers with mustChangePassword set', async () => {
    mockAdminApi(() => fakeOperator('support', { mustChangePassword: true }))
    const { location } = await renderAdmin('/')
    await waitFor(() => expect(location()).toBe('/password'))
  })

  it('lets a signed-in operator in, and shows the console in English too', async () => {
    mockAdminApi(() => fakeOperator('owner'))
    const { location } = await renderAdmin('/', 'en-US')
    const operator = await screen.findByTestId('admin-operator')
    expect(within(operator).getByText('owner@example.com')).toBeTruthy()
    expect(within(operator).getByText('Owner')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Overview' })).toBeTruthy()
    expect(location()).toBe('/')
  })

  it('answers an unknown console address with its not-found page', async () => {
    mockAdminApi(() => fakeOperator('owner'))
    await renderAdmin('/nowhere', 'en-US')
    expect(await screen.findByText('No such page')).toBeTruthy()
  })
})
