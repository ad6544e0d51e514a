import { render, screen } from '@testing-library/react'
import Cookies from 'js-cookie'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { AuthGuard } from './auth-guard.tsx'

const Where = () => {
  const location = useLocation()
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>
}

const renderAt = (path: string) => {
  const router = createMemoryRouter(
    [{ element: <AuthGuard />, children: [{ path: '*', element: <Where /> }] }],
    { initialEntries: [path] },
  )
  render(<RouterProvider router={router} />)
  return screen.getByTestId('where').textContent
}

describe('AuthGuard', () => {
  afterEach(() => Cookies.remove('token', { path: '/' }))

  it('sends visitors without a token to /portal/home with the address as redirect', () => {
    expect(renderAt('/console/ipList')).toBe('/portal/home?redirect=%2Fconsole%2FipList')
  })

  it('keeps a redirect the address already has', () => {
    expect(renderAt('/portal/auth?redirect=%2Fconsole%2Frecharge')).toBe(
      '/portal/home?redirect=%2Fconsole%2Frecharge',
    )
  })

  it('sends /portal/auth to plain /portal/home: a portal page is no redirect target', () => {
    expect(renderAt('/portal/auth')).toBe('/portal/home')
  })

  it('lets /portal/home through', () => {
    expect(renderAt('/portal/home')).toBe('/portal/home')
  })

  it('lets signed-in visitors through', () => {
    Cookies.set('token', 'abc', { path: '/' })
    expect(renderAt('/console/ipList?page=2')).toBe('/console/ipList?page=2')
  })
})

describe('AuthGuard and the account pages', () => {
  it.each(['/portal/forgot-password', '/portal/reset-password', '/portal/verify-email'])(
    'lets a visitor without a token reach %s',
    (path) => {
      expect(renderAt(path)).toBe(path)
    },
  )

  it('still guards a path that only starts like one', () => {
    expect(renderAt('/portal/reset-password-x')).toBe('/portal/home')
  })

  it('still guards the same name elsewhere', () => {
    expect(renderAt('/console/verify-email')).toBe('/portal/home?redirect=%2Fconsole%2Fverify-email')
  })
})
