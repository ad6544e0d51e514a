// Every page but sign-in: GET /admin/auth/me first. No session → /login?redirect=<wanted path>; a
// one-time password → /password; a page the role may not open → the overview.
import type { Permission } from '@proxy/contract/admin/permissions'
import { Button, Result } from 'antd'
import { Navigate, Outlet, useLocation, useOutletContext } from 'react-router'
import { isApiError } from '../../shared/http/api-error.ts'
import { PageSpin } from '../../shared/ui/page-spin.tsx'
import { useOperator } from '../api/operator.ts'
import { useAdminT } from './i18n.ts'
import type { OperatorContext } from './operator-context.ts'

export const loginPathFor = (wanted: string): string =>
  wanted === '/' || wanted.startsWith('/login') ? '/login' : `/login?redirect=${encodeURIComponent(wanted)}`

export const RequireOperator = () => {
  const { t } = useAdminT()
  const location = useLocation()
  const me = useOperator()
  if (me.isPending) return <PageSpin />
  if (me.isError) {
    const error = me.error
    if (isApiError(error) && error.status === 401)
      return <Navigate to={loginPathFor(`${location.pathname}${location.search}`)} replace />
    if (isApiError(error) && error.errorName === 'PASSWORD_CHANGE_REQUIRED')
      return <Navigate to="/password" replace />
    return (
      <Result
        status="warning"
        title={t('loadFailed')}
        extra={<Button onClick={() => void me.refetch()}>{t('retry')}</Button>}
      />
    )
  }
  if (me.data.mustChangePassword && location.pathname !== '/password')
    return <Navigate to="/password" replace />
  return <Outlet context={{ operator: me.data } satisfies OperatorContext} />
}

/** A page for one permission: without it the operator lands on the overview. */
export const RequirePermission = ({ permission }: { permission: Permission }) => {
  const context = useOutletContext<OperatorContext>()
  if (!context.operator.permissions.includes(permission)) return <Navigate to="/" replace />
  return <Outlet context={context} />
}
