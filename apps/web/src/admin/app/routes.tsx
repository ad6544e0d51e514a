// The console's pages under the /admin basename. Sign-in and the password change stand alone; every
// other page is behind the session check and inside the layout, and each list its own chunk.
import type { RouteObject } from 'react-router'
import { LoginPage } from '../pages/login-page.tsx'
import { NotFoundPage } from '../pages/not-found-page.tsx'
import { OverviewPage } from '../pages/overview-page.tsx'
import { PasswordPage } from '../pages/password-page.tsx'
import { RequireOperator, RequirePermission } from './guard.tsx'
import { AdminLayout } from './layout.tsx'

export const ADMIN_BASENAME = '/admin'

export const adminRoutes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/password', element: <PasswordPage /> },
  {
    element: <RequireOperator />,
    children: [
      {
        element: <AdminLayout />,
        children: [
          { index: true, element: <OverviewPage /> },
          {
            element: <RequirePermission permission="customers.read" />,
            children: [
              {
                path: '/customers',
                lazy: async () => ({
                  Component: (await import('../pages/customers/customers-page.tsx')).CustomersPage,
                }),
              },
            ],
          },
          {
            element: <RequirePermission permission="audit.read" />,
            children: [
              {
                path: '/audit',
                lazy: async () => ({ Component: (await import('../pages/audit/audit-page.tsx')).AuditPage }),
              },
            ],
          },
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
