// Every page is its own chunk, loaded on first visit behind a centred spinner.
import { type ComponentType, lazy } from 'react'
import type { ConsolePageKey } from './console-pages.ts'

const lazyNamed = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }))

export const PortalPage = lazyNamed(() => import('../pages/portal-page.tsx'), 'PortalPage')
export const PaySuccessPage = lazyNamed(
  () => import('../../features/wallet/pages/pay-success-page.tsx'),
  'PaySuccessPage',
)
export const CheckoutCounterPage = lazyNamed(
  () => import('../../features/wallet/pages/checkout-counter-page.tsx'),
  'CheckoutCounterPage',
)
export const ForgotPasswordPage = lazyNamed(
  () => import('../../features/auth/pages/forgot-password-page.tsx'),
  'ForgotPasswordPage',
)
export const ResetPasswordPage = lazyNamed(
  () => import('../../features/auth/pages/reset-password-page.tsx'),
  'ResetPasswordPage',
)
export const VerifyEmailPage = lazyNamed(
  () => import('../../features/auth/pages/verify-email-page.tsx'),
  'VerifyEmailPage',
)
export const SecurityPage = lazyNamed(
  () => import('../../features/user/pages/security-page.tsx'),
  'SecurityPage',
)
export const ReceiptPrintPage = lazyNamed(
  () => import('../../features/receipts/pages/receipt-print-page.tsx'),
  'ReceiptPrintPage',
)
export const ConsoleLayout = lazyNamed(() => import('../layout/console-layout.tsx'), 'ConsoleLayout')
export const NotFoundPage = lazyNamed(() => import('../pages/not-found-page.tsx'), 'NotFoundPage')
export const ConsoleNotFoundPage = lazyNamed(
  () => import('../pages/not-found-page.tsx'),
  'ConsoleNotFoundPage',
)

export const CONSOLE_PAGE_COMPONENTS: Record<ConsolePageKey, ComponentType> = {
  overview: lazyNamed(() => import('../overview/pages/overview-page.tsx'), 'OverviewPage'),
  buyStaticIP: lazyNamed(
    () => import('../../features/static-ip/pages/buy-static-ip-page.tsx'),
    'BuyStaticIpPage',
  ),
  ipList: lazyNamed(() => import('../../features/static-ip/pages/ip-list-page.tsx'), 'IpListPage'),
  ipOrderList: lazyNamed(
    () => import('../../features/orders/pages/ip-order-list-page.tsx'),
    'IpOrderListPage',
  ),
  buyTrafficFlow: lazyNamed(
    () => import('../../features/traffic/pages/buy-traffic-flow-page.tsx'),
    'BuyTrafficFlowPage',
  ),
  trafficFlowHistory: lazyNamed(
    () => import('../../features/traffic/pages/traffic-flow-history-page.tsx'),
    'TrafficFlowHistoryPage',
  ),
  trafficFlowPackList: lazyNamed(
    () => import('../../features/traffic/pages/traffic-flow-pack-list-page.tsx'),
    'TrafficFlowPackListPage',
  ),
  subUsers: lazyNamed(() => import('../../features/traffic/pages/sub-users-page.tsx'), 'SubUsersPage'),
  tunnelStats: lazyNamed(() => import('../../features/stats/pages/stats-page.tsx'), 'StatsPage'),
  recharge: lazyNamed(() => import('../../features/wallet/pages/recharge-page.tsx'), 'RechargePage'),
  businessFlow: lazyNamed(
    () => import('../../features/wallet/pages/business-flow-page.tsx'),
    'BusinessFlowPage',
  ),
  receipts: lazyNamed(() => import('../../features/receipts/pages/receipts-page.tsx'), 'ReceiptsPage'),
  alerts: lazyNamed(() => import('../../features/alerts/pages/alerts-page.tsx'), 'AlertsPage'),
}
