// The whole client: providers, the top-level error boundary and the router.
import { RouterProvider } from 'react-router'
import { ErrorBoundary } from './errors/error-boundary.tsx'
import { Providers } from './providers.tsx'
import { router } from './routing/router.tsx'

export const App = () => (
  <Providers>
    <ErrorBoundary fullScreen>
      <RouterProvider router={router} />
    </ErrorBoundary>
  </Providers>
)
