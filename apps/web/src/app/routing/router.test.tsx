import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, renderHook, waitFor } from '@testing-library/react'
import { App } from 'antd'
import Cookies from 'js-cookie'
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RECENT_ROUTER_KEY, readRecentRoutes } from '../../shared/recent-router/recent-router.ts'
import { mockApi } from '../../test/render-route.tsx'
import { useRecordRecentRoute } from '../layout/use-record-recent-route.ts'
import { CONSOLE_PAGE_COMPONENTS } from './lazy-pages.ts'
import { currentMeta } from './route-meta.ts'
import { routes } from './router.tsx'

afterEach(() => {
  vi.restoreAllMocks()
  Cookies.remove('token', { path: '/' })
  window.localStorage.clear()
})

const renderApp = (path: string) => {
  mockApi(({ url }) => {
    if (url === '/catalog/static-ip') return { regions: [], durations: [30] }
    if (url === '/catalog/traffic-plans') return { plans: [] }
    throw new Error(`unexpected ${url}`)
  })
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  )
  return router
}

describe('unknown addresses without a token', { timeout: 20_000 }, () => {
  it.each(['/no-such-page', '/portal/no-such-page', '/console/no-such-page'])(
    '%s ends on /portal/home',
    async (path) => {
      const router = renderApp(path)
      await waitFor(() => expect(router.state.location.pathname).toBe('/portal/home'))
    },
  )
})

describe('ready checkouts', () => {
  const last = (path: string) => matchRoutes(routes, path)?.at(-1)

  it('opens the static-IP buy page at /console/line-buy, never not-found', () => {
    const match = last('/console/line-buy')
    expect(match?.route.id).toBe('lineBuy')
    expect(match?.route.path).not.toBe('*')
    expect((match?.route.element as { type: unknown } | undefined)?.type).toBe(
      CONSOLE_PAGE_COMPONENTS.buyStaticIP,
    )
    expect(match?.route.handle).toEqual({ key: 'buyStaticIP', titleKey: 'titles.buyStaticIP' })
  })

  it('opens the traffic buy page at /console/router-buy, never not-found', () => {
    const match = last('/console/router-buy')
    expect(match?.route.id).toBe('routerBuy')
    expect((match?.route.element as { type: unknown } | undefined)?.type).toBe(
      CONSOLE_PAGE_COMPONENTS.buyTrafficFlow,
    )
    expect(match?.route.handle).toEqual({ key: 'buyTrafficFlow', titleKey: 'titles.buyTrafficFlow' })
  })

  it('keeps them out of the recent pages, unlike the buy pages themselves', () => {
    Cookies.set('token', 'signed-in', { path: '/' })
    for (const [path, key] of [
      ['/console/line-buy', 'buyStaticIP'],
      ['/console/router-buy', 'buyTrafficFlow'],
    ] as const) {
      const matches = (matchRoutes(routes, path) ?? []).map((match) => ({
        ...match,
        handle: match.route.handle,
      }))
      const meta = currentMeta(matches as never)
      expect(meta?.key).toBe(key)
      renderHook(() => useRecordRecentRoute(meta, path))
    }
    expect(window.localStorage.getItem(RECENT_ROUTER_KEY)).toBe('[]')
    renderHook(() =>
      useRecordRecentRoute({ key: 'buyStaticIP', titleKey: 'titles.buyStaticIP' }, '/console/buyStaticIP'),
    )
    expect(readRecentRoutes().map((entry) => entry.path)).toEqual(['/console/buyStaticIP'])
  })

  it('sends a visitor without a token to sign in first, then back to the checkout', async () => {
    const router = renderApp('/console/line-buy?region=jp-tyo')
    await waitFor(() => expect(router.state.location.pathname).toBe('/portal/home'))
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      '/console/line-buy?region=jp-tyo',
    )
  })
})
