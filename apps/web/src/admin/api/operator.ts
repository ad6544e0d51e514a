// The signed-in operator: sign-in, the session check, password change, sign-out and own sessions.
import {
  changeOperatorPassword,
  listOperatorSessions,
  type Operator,
  type OperatorLoginInput,
  operatorLogin,
  operatorLogout,
  operatorMe,
  revokeOperatorSession,
} from '@proxy/contract/admin/auth'
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '../../shared/http/call-endpoint.ts'

export const operatorKeys = {
  me: ['admin', 'me'] as const,
  sessions: ['admin', 'sessions'] as const,
}

/** The session check of every page: silent, since the guard turns a 401 into the sign-in page. */
export const useOperator = () =>
  useQuery({
    queryKey: operatorKeys.me,
    queryFn: () => callEndpoint(operatorMe, { silent: true }),
    staleTime: 60_000,
  })

const remember = (queryClient: QueryClient, operator: Operator) =>
  queryClient.setQueryData(operatorKeys.me, operator)

/** Silent: the sign-in page shows one message for every refusal. */
export const useSignIn = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: OperatorLoginInput) => callEndpoint(operatorLogin, { body, silent: true }),
    onSuccess: (operator) => remember(queryClient, operator),
  })
}

export const useChangePassword = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { oldPassword: string; newPassword: string }) =>
      callEndpoint(changeOperatorPassword, { body }),
    onSuccess: (operator) => remember(queryClient, operator),
  })
}

export const useSignOut = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => callEndpoint(operatorLogout),
    onSettled: () => queryClient.clear(),
  })
}

export const useOperatorSessions = () =>
  useQuery({ queryKey: operatorKeys.sessions, queryFn: () => callEndpoint(listOperatorSessions) })

export const useRevokeSession = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callEndpoint(revokeOperatorSession, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.sessions }),
  })
}
