// Proxy nodes as operators manage them: the list (refreshed while the page is open, since its health
// changes by the minute), registration, token rotation and revocation. A token arrives only in the
// answer to an add or a rotation; it is never put in the query cache. Beside them: the destination
// policy every node applies (its deny list), and the credentials a node refused most.
import {
  type AddNodeInput,
  addAdminNode,
  getDestinationPolicy,
  listAdminNodes,
  listNodeRefusals,
  revokeAdminNode,
  rotateNodeToken,
  type SetDestinationPolicyInput,
  setDestinationPolicy,
} from '@proxy/contract/admin/nodes'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '../../shared/http/call-endpoint.ts'

const nodeKeys = {
  all: ['admin', 'nodes'] as const,
  policy: ['admin', 'nodes', 'policy'] as const,
  refusals: (id: string) => ['admin', 'nodes', 'refusals', id] as const,
}

/** Heartbeats come every few seconds; a list older than this would show a stale up / down. */
const REFRESH_MS = 30_000

export const useNodes = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: nodeKeys.all,
    queryFn: () => callEndpoint(listAdminNodes),
    refetchInterval: REFRESH_MS,
    enabled,
  })

const useNodeWrite = <V, R>(write: (variables: V) => Promise<R>) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: write,
    // The answer (with its token) is dropped as soon as nothing observes it.
    gcTime: 0,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: nodeKeys.all }),
  })
}

export const useAddNode = () => useNodeWrite((body: AddNodeInput) => callEndpoint(addAdminNode, { body }))

export const useRotateNodeToken = () =>
  useNodeWrite((id: string) => callEndpoint(rotateNodeToken, { params: { id } }))

export const useRevokeNode = () =>
  useNodeWrite((id: string) => callEndpoint(revokeAdminNode, { params: { id } }))

export const useDestinationPolicy = () =>
  useQuery({ queryKey: nodeKeys.policy, queryFn: () => callEndpoint(getDestinationPolicy) })

export const useSetDestinationPolicy = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: SetDestinationPolicyInput) => callEndpoint(setDestinationPolicy, { body }),
    onSuccess: (saved) => queryClient.setQueryData(nodeKeys.policy, saved),
  })
}

/** The credentials this node refused most (null: nothing asked). */
export const useNodeRefusals = (id: string | null) =>
  useQuery({
    queryKey: nodeKeys.refusals(id ?? ''),
    queryFn: () => callEndpoint(listNodeRefusals, { params: { id: id ?? '' } }),
    enabled: id !== null,
  })
