// GET /catalog/static-ip: regions with prices per duration and live stock.
import { getStaticIpCatalog } from '@proxy/contract/static-ip/catalog'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callEndpoint } from '../http/call-endpoint.ts'
import { catalogQueryKey } from './static-ip-keys.ts'

export const catalogQueryOptions = () =>
  queryOptions({
    queryKey: catalogQueryKey,
    queryFn: () => callEndpoint(getStaticIpCatalog),
    staleTime: 30_000,
  })

export const useCatalog = () => useQuery(catalogQueryOptions())
