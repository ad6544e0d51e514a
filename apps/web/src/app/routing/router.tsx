// The route tree of SPEC §2: root → /portal/auth, guarded portal/console/paySuccess, console children with meta
// (the nine menu pages and the checkout counter), and the account pages opened from mailed links.
import { ACCOUNT_PAGES } from '@proxy/contract/wire'
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router'
import { RouteErrorFallback } from '../errors/route-error-fallback.tsx'
import { AuthGuard } from './auth-guard.tsx'
import { CONSOLE_PAGES } from './console-pages.ts'
import {
  CheckoutCounterPage,
  CONSOLE_PAGE_COMPONENTS,
  ConsoleLayout,
  ConsoleNotFoundPage,
  ForgotPasswordPage,
  NotFoundPage,
  PaySuccessPage,
  PortalPage,
  ReceiptPrintPage,
  ResetPasswordPage,
  SecurityPage,
  VerifyEmailPage,
} from './lazy-pages.ts'
import { RootShell } from './root-shell.tsx'
import type { RouteMeta } from './route-meta.ts'

const LineBuyPage = CONSOLE_PAGE_COMPONENTS.buyStaticIP
const RouterBuyPage = CONSOLE_PAGE_COMPONENTS.buyTrafficFlow

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
  // Ready checkouts the portal links to (SPEC §2): the buy pages with ?region= / ?plan= chosen; recentRouter skips them.
  {
    id: 'lineBuy',
    path: 'line-buy',
    element: <LineBuyPage />,
    handle: meta('buyStaticIP', 'titles.buyStaticIP'),
  },
  {
    id: 'routerBuy',
    path: 'router-buy',
    element: <RouterBuyPage />,
    handle: meta('buyTrafficFlow', 'titles.buyTrafficFlow'),
  },
  // Not in the side menu: opened from the user menu (账户安全).
  {
    id: 'security',
    path: 'security',
    element: <SecurityPage />,
    handle: meta('security', 'titles.security'),
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
          {
            id: 'forgotPassword',
            path: ACCOUNT_PAGES.forgotPassword.slice(1),
            element: <ForgotPasswordPage />,
            handle: meta('forgotPassword', 'titles.forgotPassword'),
          },
          {
            id: 'resetPassword',
            path: ACCOUNT_PAGES.resetPassword.slice(1),
            element: <ResetPasswordPage />,
            handle: meta('resetPassword', 'titles.resetPassword'),
          },
          {
            id: 'verifyEmail',
            path: ACCOUNT_PAGES.verifyEmail.slice(1),
            element: <VerifyEmailPage />,
            handle: meta('verifyEmail', 'titles.verifyEmail'),
          },
          { path: 'portal', element: <Navigate to="/portal/home" replace /> },
          {
            id: 'paySuccess',
            path: 'paySuccess',
            element: <PaySuccessPage />,
            handle: meta('paySuccess', 'titles.paySuccess'),
          },
          // A receipt to print: a sheet of its own, outside the console layout.
          {
            id: 'receipt',
            path: 'receipt/:id',
            element: <ReceiptPrintPage />,
            handle: meta('receipts', 'titles.receipt'),
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
