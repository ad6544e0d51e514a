// GET /proxy/instances/:id/replacements: the IP's replacements, the cooldown and when the next is allowed.
import { getInstanceReplacements } from '@proxy/contract/static-ip/replacement'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { instancesQueryKey } from '../../../shared/api/static-ip-keys.ts'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'

/** Under the instances key: a replacement (or any instance change) refreshes it. */
export const instanceReplacementsQueryKey = (id: string) =>
  [...instancesQueryKey, 'replacements', id] as const

export const instanceReplacementsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: instanceReplacementsQueryKey(id),
    queryFn: () => callEndpoint(getInstanceReplacements, { params: { id } }),
  })

export const useInstanceReplacements = (id: string) => useQuery(instanceReplacementsQueryOptions(id))
