// The avatar menu: the first paint draws the button alone; its dropdown loads on the first click and opens.
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeCustomer } from '../../test/fake-customer.ts'
import { mockApi, renderRoute } from '../../test/render-route.tsx'
import { UserMenu } from './user-menu.tsx'

const signedIn = () =>
  mockApi(({ url, method }) => {
    if (url === '/user/me' && method === 'GET') return fakeCustomer({ email: 'lin@example.com' })
    throw new Error(`unexpected ${method} ${url}`)
  })

const show = () => renderRoute(<UserMenu />, { path: '/console/overview', url: '/console/overview' })

afterEach(() => vi.restoreAllMocks())

describe('UserMenu', () => {
  it('draws the avatar and email, and opens the menu on the first click', async () => {
    signedIn()
    show()
    await screen.findByText('lin@example.com')
    const button = screen.getByTestId('user-menu')
    expect(button.textContent).toContain('L')
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('menuitem')).toBeNull()

    button.focus()
    fireEvent.click(button)
    const items = await screen.findAllByRole('menuitem')
    expect(items.map((item) => item.textContent)).toEqual(['个人信息', '修改密码', '账户安全', '退出登录'])
    expect(screen.getByTestId('user-menu-email').textContent).toBe('lin@example.com')
    expect(screen.getByTestId('user-menu').getAttribute('aria-expanded')).toBe('true')
    // The dropdown draws the button anew; the focus stays on it.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('user-menu')))
  })

  it('goes to the security page from its entry', async () => {
    signedIn()
    const { router } = show()
    fireEvent.click(await screen.findByTestId('user-menu'))
    fireEvent.click(await screen.findByRole('menuitem', { name: /账户安全/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/security'))
  })

  it('asks before signing out', async () => {
    signedIn()
    show()
    fireEvent.click(await screen.findByTestId('user-menu'))
    fireEvent.click(await screen.findByRole('menuitem', { name: /退出登录/ }))
    await screen.findByText('确认退出登录？')
  })
})
