// GET /user/ip-whitelist: the source addresses that reach the customer's static IPs without a password.
import { listIpWhitelist } from '@proxy/contract/static-ip/ip-whitelist'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { ipWhitelistQueryKey } from '../../../shared/api/static-ip-keys.ts'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'

export const ipWhitelistQueryOptions = () =>
  queryOptions({ queryKey: ipWhitelistQueryKey, queryFn: () => callEndpoint(listIpWhitelist) })

export const useIpWhitelist = () => useQuery(ipWhitelistQueryOptions())
