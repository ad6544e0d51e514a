// Without the token cookie only /portal/home is open; everything else goes there with ?redirect= (SPEC §4).
import { Navigate, Outlet, useLocation } from 'react-router'
import { PORTAL_HOME, signInPath } from '../../shared/session/redirect.ts'
import { hasToken } from '../../shared/session/token.ts'

export const AuthGuard = () => {
  const location = useLocation()
  if (!hasToken() && location.pathname !== PORTAL_HOME) return <Navigate to={signInPath(location)} replace />
  return <Outlet />
}
