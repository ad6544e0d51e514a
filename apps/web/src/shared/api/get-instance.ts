// GET /proxy/instances/:id: one static IP with its ready connection strings.
import { getInstance } from '@proxy/contract/static-ip/instances'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callEndpoint } from '../http/call-endpoint.ts'
import { instanceQueryKey } from './static-ip-keys.ts'

export const instanceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: instanceQueryKey(id),
    queryFn: () => callEndpoint(getInstance, { params: { id } }),
  })

export const useInstance = (id: string | null) =>
  useQuery({ ...instanceQueryOptions(id ?? ''), enabled: id !== null })
