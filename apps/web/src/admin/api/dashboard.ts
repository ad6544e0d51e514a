// The dashboard's figures, read again every minute while the page is open.
import { getAdminDashboard } from '@proxy/contract/admin/dashboard'
import { useQuery } from '@tanstack/react-query'
import { callEndpoint } from '../../shared/http/call-endpoint.ts'

export const useDashboard = () =>
  useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: () => callEndpoint(getAdminDashboard),
    refetchInterval: 60_000,
  })
