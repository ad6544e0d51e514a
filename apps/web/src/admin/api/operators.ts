// The team (owners only): operators and pending invitations, invite, revoke, role, disable and enable;
// and the invitee's two calls, made without a session from the invitation page.
import {
  type AcceptInvitationInput,
  acceptInvitation,
  changeOperatorRole,
  disableOperator,
  enableOperator,
  type InviteInput,
  inviteOperator,
  listTeam,
  openInvitation,
  revokeInvitation,
} from '@proxy/contract/admin/operators'
import type { OperatorRole } from '@proxy/contract/admin/permissions'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '../../shared/http/call-endpoint.ts'
import { operatorKeys } from './operator.ts'

const teamKeys = {
  all: ['admin', 'team'] as const,
  invitation: (token: string) => ['admin', 'invitation', token] as const,
}

export const useTeam = () => useQuery({ queryKey: teamKeys.all, queryFn: () => callEndpoint(listTeam) })

const useTeamWrite = <V, R>(write: (variables: V) => Promise<R>) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  })
}

/** The answer holds the link, shown once: the caller keeps it only while its dialog is open. */
export const useInvite = () => useTeamWrite((body: InviteInput) => callEndpoint(inviteOperator, { body }))

export const useRevokeInvitation = () =>
  useTeamWrite((id: string) => callEndpoint(revokeInvitation, { params: { id } }))

export const useChangeRole = () =>
  useTeamWrite(({ id, role }: { id: string; role: OperatorRole }) =>
    callEndpoint(changeOperatorRole, { params: { id }, body: { role } }),
  )

export const useSetDisabled = () =>
  useTeamWrite(({ id, disabled }: { id: string; disabled: boolean }) =>
    callEndpoint(disabled ? disableOperator : enableOperator, { params: { id } }),
  )

/** Silent: the page shows an invalid link itself. Opened once (the secret it answers does not change). */
export const useInvitation = (token: string) =>
  useQuery({
    queryKey: teamKeys.invitation(token),
    queryFn: () => callEndpoint(openInvitation, { params: { token }, silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  })

/** Accepting signs the invitee in: the console knows them at once. */
export const useAcceptInvitation = (token: string) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: AcceptInvitationInput) => callEndpoint(acceptInvitation, { params: { token }, body }),
    onSuccess: (accepted) => queryClient.setQueryData(operatorKeys.me, accepted.operator),
  })
}
