// GET /user/sessions, DELETE /user/sessions/:id and POST /user/sessions/revoke-others: the customer's
// signed-in browsers, and signing them out.
import { listSessions, revokeOtherSessions, revokeSession } from '@proxy/contract/user/endpoints'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'

export const sessionsQueryKey = ['user', 'sessions'] as const

export const useSessions = () =>
  useQuery({ queryKey: sessionsQueryKey, queryFn: () => callEndpoint(listSessions) })

export const useRevokeSession = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callEndpoint(revokeSession, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  })
}

export const useRevokeOtherSessions = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => callEndpoint(revokeOtherSessions),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  })
}
