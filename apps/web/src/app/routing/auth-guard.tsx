// Without the token cookie only /portal/home is open (SPEC §4), and the account pages a signed-out customer
// needs (a forgotten password, the links mailed to them); everything else goes to /portal/home with ?redirect=.
import { ACCOUNT_PAGES } from '@proxy/contract/wire'
import { Navigate, Outlet, useLocation } from 'react-router'
import { PORTAL_HOME, signInPath } from '../../shared/session/redirect.ts'
import { hasToken } from '../../shared/session/token.ts'

export const OPEN_PATHS: ReadonlySet<string> = new Set([PORTAL_HOME, ...Object.values(ACCOUNT_PAGES)])

export const AuthGuard = () => {
  const location = useLocation()
  if (!hasToken() && !OPEN_PATHS.has(location.pathname)) return <Navigate to={signInPath(location)} replace />
  return <Outlet />
}
