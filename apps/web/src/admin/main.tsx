// The operator console's entry (admin.html, served at /admin): its own i18n, HTTP wiring and router.
// Nothing here is imported by the customer app, and nothing of the customer app's app/ or features/ here.
import 'antd/dist/reset.css'
import { QueryClient } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter, RouterProvider } from 'react-router'
import { http } from '../shared/http/client.ts'
import { loginPathFor } from './app/guard.tsx'
import { setupAdminHttp } from './app/http.ts'
import { adminI18n } from './app/i18n.ts'
import { AdminProviders, adminQueryRetry } from './app/providers.tsx'
import { ADMIN_BASENAME, adminRoutes } from './app/routes.tsx'

document.documentElement.lang = adminI18n.language

const router = createBrowserRouter(adminRoutes, { basename: ADMIN_BASENAME })
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: adminQueryRetry, staleTime: 10_000 }, mutations: { retry: false } },
})

setupAdminHttp(http, {
  onUnauthorized: () => {
    queryClient.clear()
    const { pathname, search } = router.state.location
    if (!pathname.startsWith('/login'))
      void router.navigate(loginPathFor(`${pathname}${search}`), { replace: true })
  },
  onPasswordChangeRequired: () => void router.navigate('/password', { replace: true }),
})

const container = document.getElementById('root')
if (container === null) throw new Error('admin.html has no #root element')

createRoot(container).render(
  <StrictMode>
    <AdminProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AdminProviders>
  </StrictMode>,
)
