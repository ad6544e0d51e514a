// The console's pages under the /admin basename. Sign-in and the password change stand alone; every
// other page is behind the session check and inside the layout, and each list its own chunk.
import type { Permission } from '@proxy/contract/admin/permissions'
import type { LazyRouteFunction, RouteObject } from 'react-router'
import { LoginPage } from '../pages/login-page.tsx'
import { NotFoundPage } from '../pages/not-found-page.tsx'
import { OverviewPage } from '../pages/overview-page.tsx'
import { PasswordPage } from '../pages/password-page.tsx'
import { RequireOperator, RequirePermission } from './guard.tsx'
import { AdminLayout } from './layout.tsx'

export const ADMIN_BASENAME = '/admin'

/** A page that needs a permission, in its own chunk. */
const guarded = (
  permission: Permission,
  path: string,
  lazy: LazyRouteFunction<RouteObject>,
): RouteObject => ({
  element: <RequirePermission permission={permission} />,
  children: [{ path, lazy }],
})

export const adminRoutes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/password', element: <PasswordPage /> },
  {
    path: '/invite/:token',
    lazy: async () => ({ Component: (await import('../pages/operators/invite-page.tsx')).InvitePage }),
  },
  {
    element: <RequireOperator />,
    children: [
      {
        element: <AdminLayout />,
        children: [
          { index: true, element: <OverviewPage /> },
          guarded('customers.read', '/customers', async () => ({
            Component: (await import('../pages/customers/customers-page.tsx')).CustomersPage,
          })),
          guarded('nodes.manage', '/nodes', async () => ({
            Component: (await import('../pages/nodes/nodes-page.tsx')).NodesPage,
          })),
          guarded('inventory.manage', '/inventory', async () => ({
            Component: (await import('../pages/inventory/inventory-page.tsx')).InventoryPage,
          })),
          guarded('orders.read', '/orders', async () => ({
            Component: (await import('../pages/orders/orders-page.tsx')).OrdersPage,
          })),
          guarded('orders.read', '/topups', async () => ({
            Component: (await import('../pages/topups/topups-page.tsx')).TopupsPage,
          })),
          guarded('receipts.read', '/receipts', async () => ({
            Component: (await import('../pages/receipts/receipts-page.tsx')).ReceiptsPage,
          })),
          guarded('settings.manage', '/settings', async () => ({
            Component: (await import('../pages/settings/settings-page.tsx')).SettingsPage,
          })),
          guarded('catalogue.manage', '/catalogue', async () => ({
            Component: (await import('../pages/catalogue/catalogue-page.tsx')).CataloguePage,
          })),
          guarded('notices.manage', '/notices', async () => ({
            Component: (await import('../pages/notices/notices-page.tsx')).NoticesPage,
          })),
          guarded('operators.manage', '/operators', async () => ({
            Component: (await import('../pages/operators/operators-page.tsx')).OperatorsPage,
          })),
          guarded('audit.read', '/audit', async () => ({
            Component: (await import('../pages/audit/audit-page.tsx')).AuditPage,
          })),
          {
            path: '/sessions',
            lazy: async () => ({ Component: (await import('../pages/sessions-page.tsx')).SessionsPage }),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]
