import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeOperator, mockAdminApi, renderAdmin } from '../test/render-admin.tsx'

afterEach(() => {
  vi.restoreAllMocks()
  window.localStorage.clear()
})

describe('password page', () => {
  it('demands the change after a one-time password', async () => {
    mockAdminApi(() => fakeOperator('owner', { mustChangePassword: true }))
    await renderAdmin('/password')
    expect(await screen.findByText('首次登录必须先修改一次性密码。')).toBeTruthy()
  })

  it('says what a change does when the operator came to change it themselves', async () => {
    mockAdminApi(() => fakeOperator('finance'))
    await renderAdmin('/password', 'en-US')
    expect(await screen.findByText('Changing your password signs out your other sessions.')).toBeTruthy()
    expect(screen.queryByText('Change your one-time password before anything else.')).toBeNull()
  })
})
