// The route tree of SPEC §2: root → /portal/auth, guarded portal/console/paySuccess, console children with meta
// (the nine menu pages and the checkout counter).
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router'
import { RouteErrorFallback } from '../errors/route-error-fallback.tsx'
import { AuthGuard } from './auth-guard.tsx'
import { CONSOLE_PAGES } from './console-pages.ts'
import {
  CheckoutCounterPage,
  CONSOLE_PAGE_COMPONENTS,
  ConsoleLayout,
  ConsoleNotFoundPage,
  NotFoundPage,
  PaySuccessPage,
  PortalPage,
} from './lazy-pages.ts'
import { RootShell } from './root-shell.tsx'
import type { RouteMeta } from './route-meta.ts'

const meta = (key: string, titleKey: RouteMeta['titleKey']): RouteMeta => ({ key, titleKey })

const consoleChildren: RouteObject[] = [
  { index: true, element: <Navigate to="/console/overview" replace /> },
  ...CONSOLE_PAGES.map(({ key, path, titleKey }): RouteObject => {
    const Page = CONSOLE_PAGE_COMPONENTS[key]
    return { id: key, path: path.replace('/console/', ''), element: <Page />, handle: meta(key, titleKey) }
  }),
  // Not in the menu: its meta key selects 充值, the page it continues; recentRouter skips it by path.
  {
    id: 'checkoutCounter',
    path: 'checkout-counter',
    element: <CheckoutCounterPage />,
    handle: meta('recharge', 'titles.checkoutCounter'),
  },
  { path: '*', element: <ConsoleNotFoundPage />, handle: meta('notFound', 'titles.notFound') },
]

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootShell />,
    errorElement: <RouteErrorFallback />,
    children: [
      { index: true, element: <Navigate to="/portal/auth" replace /> },
      {
        element: <AuthGuard />,
        children: [
          { id: 'home', path: 'portal/home', element: <PortalPage />, handle: meta('home', 'titles.login') },
          { id: 'auth', path: 'portal/auth', element: <PortalPage />, handle: meta('auth', 'titles.login') },
          { path: 'portal', element: <Navigate to="/portal/home" replace /> },
          {
            id: 'paySuccess',
            path: 'paySuccess',
            element: <PaySuccessPage />,
            handle: meta('paySuccess', 'titles.paySuccess'),
          },
          {
            id: 'console',
            path: 'console',
            element: <ConsoleLayout />,
            errorElement: <RouteErrorFallback />,
            children: consoleChildren,
          },
          { path: '*', element: <NotFoundPage />, handle: meta('notFound', 'titles.notFound') },
        ],
      },
    ],
  },
]

export const router = createBrowserRouter(routes)
