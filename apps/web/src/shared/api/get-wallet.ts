// GET /user/wallet: the balance shown in the header tag and on the overview.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { isContractMismatch } from '../http/api-error.ts'
import { callEndpoint, lazyEndpoint } from '../http/call-endpoint.ts'

const getWallet = lazyEndpoint('GET', '/user/wallet', () =>
  import('@proxy/contract/wallet/endpoints').then((contract) => contract.getWallet),
)

export const walletQueryKey = ['user', 'wallet'] as const

export const walletQueryOptions = () =>
  queryOptions({
    queryKey: walletQueryKey,
    queryFn: () => callEndpoint(getWallet),
    staleTime: 0,
    throwOnError: isContractMismatch,
  })

export const useWallet = () => useQuery(walletQueryOptions())
