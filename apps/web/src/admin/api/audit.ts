// The audit log, newest first, paged and filtered.
import { type AuditQuery, listAudit } from '@proxy/contract/admin/audit'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { callEndpoint } from '../../shared/http/call-endpoint.ts'

export const useAuditLog = (query: AuditQuery) =>
  useQuery({
    queryKey: ['admin', 'audit', query],
    queryFn: () =>
      callEndpoint(listAudit, {
        query: Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)),
      }),
    placeholderData: keepPreviousData,
  })
