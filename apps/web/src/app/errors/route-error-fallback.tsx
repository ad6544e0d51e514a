// React Router catches errors thrown while rendering a route (e.g. the console header); show the same fallback.
import { useEffect } from 'react'
import { useRouteError } from 'react-router'
import { ErrorFallback } from '../../shared/ui/error-fallback.tsx'

const reload = (): void => window.location.reload()

export const RouteErrorFallback = () => {
  const error = useRouteError()
  useEffect(() => console.error('Route error', error), [error])
  return <ErrorFallback onRetry={reload} fullScreen />
}
